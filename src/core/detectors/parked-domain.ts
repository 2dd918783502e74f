import { findParked, PARKING_SERVICE_NAMES, type ParkedFinding } from '../parking/index.js';
import type { Detector } from './detector.js';

/** What the page is, in words. */
const KIND_WORDS: Readonly<Record<ParkedFinding['kind'], string>> = {
  parking: 'parking page',
  'for-sale': 'for-sale page',
  expired: 'expired-domain notice',
};

/**
 * The chain reaches a parked, for-sale or expired domain (src/core/parking/): it answers 200, so a checker that reads
 * only statuses passes it, but the site is gone. A warning for an analysis; `check` rows, crawled links and monitors
 * count it as an error (src/check/expectation.ts, src/crawl/link-findings.ts), since there it is the target that is gone.
 */
export const parkedDomain: Detector = ({ chain, finalBody, nameServers, clientRedirects }) => {
  const found = findParked(chain, finalBody, nameServers, clientRedirects);
  if (found === undefined) return [];
  const url = chain[found.hop]?.url ?? '';
  const service = found.service === 'generic' ? 'a' : `${PARKING_SERVICE_NAMES[found.service]}'s`;
  const what = `${service} ${KIND_WORDS[found.kind]} (${found.signal})`;
  const last = found.hop === chain.length - 1;
  const message = last
    ? `${url} is a parked domain: it answers with ${what}, not the site`
    : `The chain passes through ${url}, ${what}: the domain is parked`;
  return [{ type: 'parked_domain', severity: 'warning', message, hop: found.hop }];
};
