import { JUDGEMENT_DEFAULTS } from '../policy/judgement-defaults.js';
import type { Hop } from '../types.js';
import type { Detector } from './detector.js';

/** The fewest redirects in a row that insert the same text into their own URL: a rule feeding on its own output. */
const GROWING_REDIRECTS = 3;

/**
 * The text `next` inserts into `previous` at one place (the rest unchanged), or undefined when it is not such an
 * insertion: `/a` to `/a/a` inserts `/a`, `?x` to `?x&x` inserts `&x`, `/x` to `/en/x` inserts `en/`.
 */
function insertion(previous: string, next: string): string | undefined {
  if (next.length <= previous.length) return undefined;
  let start = 0;
  while (start < previous.length && previous[start] === next[start]) start++;
  let end = 0;
  while (end < previous.length - start && previous[previous.length - 1 - end] === next[next.length - 1 - end]) end++;
  return start + end < previous.length ? undefined : next.slice(start, next.length - end);
}

/**
 * The first hop of `GROWING_REDIRECTS` redirects in a row that each insert the same text into the URL, and the last
 * hop of that run; undefined when there is none. URLs that grow for different reasons (http to https, then www, then a
 * trailing slash) are a move, not a runaway rule.
 */
function runaway(chain: readonly Hop[]): { first: number; last: number } | undefined {
  let runStart = 0;
  let inserted: string | undefined;
  for (let index = 0; index + 1 < chain.length; index++) {
    const added = insertion(chain[index]!.url, chain[index + 1]!.url);
    if (added === undefined || added !== inserted) runStart = index;
    inserted = added;
    if (added === undefined) continue;
    if (index + 1 - runStart < GROWING_REDIRECTS) continue;
    let last = index + 1;
    while (last + 1 < chain.length && insertion(chain[last]!.url, chain[last + 1]!.url) === added) last++;
    return { first: runStart, last };
  }
  return undefined;
}

/**
 * A hop's URL is longer than `maxUrlLength` (2,000 characters), or at least 3 redirects in a row each insert the same
 * text into the URL (a redirect that appends to its own URL, which ends in one too long). Search Console reports a
 * redirect URL over the maximum length as a redirect error. One issue per chain.
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
  const run = runaway(chain);
  if (run === undefined) return [];
  const [first, last] = [chain[run.first]!, chain[run.last]!];
  return [
    {
      type: 'url_too_long',
      severity: 'error',
      message: `The URL grows at every hop (${first.url.length} to ${last.url.length} characters): a redirect appends to its own URL, until it is too long`,
      hop: run.first,
    },
  ];
};
