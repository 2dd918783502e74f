import { withoutFragment } from '../portable/without-fragment.js';
import { factsOf } from './chain-facts.js';
import type { Detector, Finding } from './detector.js';

/**
 * Whether two canonical hrefs could differ by a trailing slash (lengths one apart) or by letter case only (same
 * length, equal once lower-cased): a string test that spares parsing the pairs that cannot.
 */
function mayBeCosmetic(a: string, b: string): boolean {
  const x = withoutFragment(a);
  const y = withoutFragment(b);
  if (x === y) return false;
  return Math.abs(x.length - y.length) === 1 || (x.length === y.length && x.toLowerCase() === y.toLowerCase());
}

function sameExceptPath(from: URL, to: URL): boolean {
  return from.origin === to.origin && from.search === to.search;
}

/** The cosmetic finding about one hop and the hop it redirected to, if the change is only cosmetic. */
function cosmeticChange(index: number, from: URL, to: URL): Finding | undefined {
  const a = from.pathname;
  const b = to.pathname;
  if (!sameExceptPath(from, to) || a === b) return undefined;
  if (a === `${b}/` || b === `${a}/`) {
    const change = b.endsWith('/') ? 'adds' : 'removes';
    return {
      type: 'trailing_slash_redirect',
      severity: 'info',
      message: `Hop ${index + 1} only ${change} a trailing slash`,
      hop: index,
    };
  }
  if (a.toLowerCase() === b.toLowerCase()) {
    return {
      type: 'case_redirect',
      severity: 'info',
      message: `Hop ${index + 1} only changes letter case`,
      hop: index,
    };
  }
  return undefined;
}

/**
 * Hops that only add or remove a trailing slash (`trailing_slash_redirect`) or only change letter case
 * (`case_redirect`; host case is already folded by URL parsing, so this is the path): harmless but a wasted round trip
 * when linked internally. One detector for both.
 */
export const cosmeticRedirects: Detector = (input) => {
  const chain = input.chain;
  const issues: Finding[] = [];
  for (let index = 0; index + 1 < chain.length; index++) {
    const from = chain[index]!.url;
    const to = chain[index + 1]!.url;
    if (!mayBeCosmetic(from, to)) continue;
    const facts = factsOf(input);
    const issue = cosmeticChange(index, facts.url(index), facts.url(index + 1));
    if (issue !== undefined) issues.push(issue);
  }
  return issues;
};
