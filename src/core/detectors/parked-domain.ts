import { type DeclaredRedirect, findParked, PARKING_SERVICE_NAMES, type ParkedFinding } from '../parking/index.js';
import type { Detector, DetectorInput } from './detector.js';
import { scriptRedirectTarget } from './javascript-redirect.js';

/** What the page is, in words. */
const KIND_WORDS: Readonly<Record<ParkedFinding['kind'], string>> = {
  parking: 'parking page',
  'for-sale': 'for-sale page',
  expired: 'expired-domain notice',
};

/** The client redirects the chain's pages declare and the chain did not follow: a script's, read without running it. */
function declaredRedirects({ chain, clientRedirects = [], finalSignals }: DetectorInput): DeclaredRedirect[] {
  const declared = clientRedirects.filter((redirect) => !redirect.followed);
  const script = scriptRedirectTarget(chain, finalSignals);
  return script === undefined ? declared : [...declared, { hop: chain.length - 1, target: script }];
}

/**
 * The chain reaches a parked, for-sale or expired domain (src/core/parking/): it answers 200, so a checker that reads
 * only statuses passes it, but the site is gone. A warning for an analysis; `check` rows, crawled links and monitors
 * count it as an error (src/check/expectation.ts, src/crawl/link-findings.ts), since there it is the target that is gone.
 */
export const parkedDomain: Detector = (input) => {
  const { chain, finalBody, nameServers } = input;
  const found = findParked(chain, finalBody, nameServers, declaredRedirects(input));
  if (found === undefined) return [];
  const url = chain[found.hop]?.url ?? '';
  const service = found.service === 'generic' ? 'a' : `${PARKING_SERVICE_NAMES[found.service]}'s`;
  const what = `${service} ${KIND_WORDS[found.kind]} (${found.signal})`;
  const message =
    found.hop === chain.length - 1
      ? `${url} is a parked domain: ${what}, not the site`
      : `The chain passes through ${url}, ${what}: the domain is parked`;
  return [{ type: 'parked_domain', severity: 'warning', message, hop: found.hop }];
};
