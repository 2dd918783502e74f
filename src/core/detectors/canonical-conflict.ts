import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/**
 * The final 2xx page declares several different canonical URLs (HTML links in its head, `Link` headers, or both:
 * src/core/canonical.ts). Google asks for one and ignores them all when they disagree, so the page declares no
 * canonical in effect; canonical_mismatch is then not reported, since there is no one canonical to differ from.
 */
export const canonicalConflict: Detector = (input) => {
  const facts = factsOf(input);
  const page = facts.landing;
  if (page === undefined) return [];
  const canonicals = facts.canonicals;
  if (canonicals.length < 2) return [];
  return [
    {
      type: 'canonical_conflict',
      severity: 'warning',
      message: `The destination ${page.hop.url} declares ${canonicals.length} different canonical URLs (${canonicals.join(', ')}); Google ignores them all: declare one`,
      hop: page.index,
    },
  ];
};
