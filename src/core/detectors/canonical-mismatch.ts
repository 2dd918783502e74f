import { comparableUrl } from '../portable/comparable-url.js';
import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/**
 * The final 2xx page names another URL as its canonical (src/core/canonical.ts): the redirect and the page disagree
 * about which URL Google should index. Compared as the same page when only case of scheme and host, a default port,
 * percent-escape spelling or the fragment differ (src/core/portable/comparable-url.ts).
 */
export const canonicalMismatch: Detector = (input) => {
  const facts = factsOf(input);
  const page = facts.landing;
  if (page === undefined) return [];
  const canonical = facts.canonical;
  if (canonical === undefined) return [];
  if (comparableUrl(canonical) === comparableUrl(page.hop.url)) return [];
  return [
    {
      type: 'canonical_mismatch',
      severity: 'warning',
      message: `The destination ${page.hop.url} declares ${canonical} as its canonical URL; redirect to the canonical URL, or make the page name itself`,
      hop: page.index,
    },
  ];
};
