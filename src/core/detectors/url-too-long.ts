import { JUDGEMENT_DEFAULTS } from '../judgement-defaults.js';
import { countRedirects } from '../portable/redirect-count.js';
import type { Detector } from './detector.js';

/** The fewest redirects whose URLs, all growing, make a redirect that appends to its own URL. */
const GROWING_REDIRECTS = 3;

/**
 * A hop's URL is longer than `maxUrlLength` (2,000 characters), or the URLs grow at every hop of a chain of at least 3
 * redirects (a redirect that appends to its own URL, which ends in one too long). Search Console reports a redirect
 * URL over the maximum length as a redirect error. One issue per chain.
 */
export const urlTooLong: Detector = ({ chain, thresholds = JUDGEMENT_DEFAULTS }) => {
  const limit = thresholds.maxUrlLength;
  const long = chain.findIndex((hop) => hop.url.length > limit);
  if (long !== -1) {
    const length = chain[long]!.url.length.toLocaleString('en-US');
    return [
      {
        type: 'url_too_long',
        severity: 'error',
        message: `The URL of hop ${long + 1} is ${length} characters long, over ${limit.toLocaleString('en-US')}; Google reports a redirect to a URL this long as a redirect error`,
        hop: long,
      },
    ];
  }
  const grows = chain.every((hop, index) => index === 0 || hop.url.length > chain[index - 1]!.url.length);
  if (countRedirects(chain) < GROWING_REDIRECTS || !grows) return [];
  const [first, last] = [chain[0]!, chain[chain.length - 1]!];
  return [
    {
      type: 'url_too_long',
      severity: 'error',
      message: `The URL grows at every hop (${first.url.length} to ${last.url.length} characters): a redirect appends to its own URL, until it is too long`,
      hop: 0,
    },
  ];
};
