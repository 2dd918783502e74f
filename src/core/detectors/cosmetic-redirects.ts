import type { Issue } from '../types.js';
import type { Detector } from './detector.js';

type Pair = { index: number; from: URL; to: URL };

/** Both detectors here look at the same pairs: parse each chain's URLs once (URL parsing is not cheap). */
const pairsOf = new WeakMap<readonly { url: string }[], Pair[]>();

function withoutHash(href: string): string {
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

/**
 * Whether two canonical hrefs could differ by a trailing slash (lengths one apart) or by letter case only (same
 * length, equal once lower-cased): a string test that spares parsing the pairs that cannot.
 */
function mayBeCosmetic(a: string, b: string): boolean {
  const x = withoutHash(a);
  const y = withoutHash(b);
  if (x === y) return false;
  return Math.abs(x.length - y.length) === 1 || (x.length === y.length && x.toLowerCase() === y.toLowerCase());
}

/** Each hop with the hop it redirected to, when that next hop was requested and the change may be cosmetic. */
function pairs(chain: readonly { url: string }[]): Pair[] {
  let out = pairsOf.get(chain);
  if (out === undefined) {
    out = [];
    for (let index = 0; index + 1 < chain.length; index++) {
      const from = chain[index]!.url;
      const to = chain[index + 1]!.url;
      if (mayBeCosmetic(from, to)) out.push({ index, from: new URL(from), to: new URL(to) });
    }
    pairsOf.set(chain, out);
  }
  return out;
}

function sameExceptPath(from: URL, to: URL): boolean {
  return from.origin === to.origin && from.search === to.search;
}

/** A hop that only adds or removes a trailing slash: harmless but a wasted round trip when linked internally. */
export const trailingSlashRedirect: Detector = ({ chain }) =>
  pairs(chain).flatMap(({ index, from, to }): Issue[] => {
    const a = from.pathname;
    const b = to.pathname;
    return sameExceptPath(from, to) && a !== b && (a === `${b}/` || b === `${a}/`)
      ? [
          {
            type: 'trailing_slash_redirect',
            severity: 'info',
            message: `Hop ${index + 1} only ${b.endsWith('/') ? 'adds' : 'removes'} a trailing slash`,
            hop: index,
          },
        ]
      : [];
  });

/** A hop that only changes letter case (host case is already folded by URL parsing, so this is the path). */
export const caseRedirect: Detector = ({ chain }) =>
  pairs(chain).flatMap(({ index, from, to }): Issue[] =>
    sameExceptPath(from, to) &&
    from.pathname !== to.pathname &&
    from.pathname.toLowerCase() === to.pathname.toLowerCase()
      ? [{ type: 'case_redirect', severity: 'info', message: `Hop ${index + 1} only changes letter case`, hop: index }]
      : [],
  );
