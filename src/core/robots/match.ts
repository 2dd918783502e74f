/**
 * Matching a robots.txt rule's path pattern against a URL's path (RFC 9309 §2.2.2–2.2.3, as Google's reference parser
 * matches): byte for byte and case-sensitively, `*` standing for any run of characters and a final `$` for the end of
 * the path. The match runs over the set of positions the pattern may have reached, never backtracking, so a rule
 * full of `*` costs at most its length times the path's.
 */

/**
 * The part of a URL a rule is matched against: its path, parameters and query, without the fragment, as Google's
 * parser takes it (`http://a.b/c?d#e` → `/c?d`; no path → `/`). Nothing is re-encoded: a URL that hoplens requested
 * is already percent-encoded by the WHATWG URL parser, as a crawler sends it.
 */
export function robotsPath(url: string): string {
  const from = url.startsWith('//') ? 2 : 0;
  const earlyPath = firstOf(url, '/?;', from);
  let afterScheme = url.indexOf('://', from);
  afterScheme = afterScheme === -1 || earlyPath < afterScheme ? from : afterScheme + 3;
  const start = firstOf(url, '/?;', afterScheme);
  if (start === Number.POSITIVE_INFINITY) return '/';
  const hash = url.indexOf('#', from);
  if (hash !== -1 && hash < start) return '/';
  const path = url.slice(start, hash === -1 ? url.length : hash);
  return path.startsWith('/') ? path : `/${path}`;
}

/** The index of the first of `chars` in `text` at or after `from`, or Infinity. */
function firstOf(text: string, chars: string, from: number): number {
  for (let i = from; i < text.length; i++) if (chars.includes(text[i]!)) return i;
  return Number.POSITIVE_INFINITY;
}

/** Whether `pattern` (a rule's escaped path) matches `path` from its start. */
export function patternMatches(path: string, pattern: string): boolean {
  // The positions in `path` the pattern read so far may end at, ascending.
  let reached: number[] = [0];
  for (let p = 0; p < pattern.length; p++) {
    const char = pattern[p]!;
    if (char === '$' && p === pattern.length - 1) return reached.at(-1) === path.length;
    if (char === '*') {
      // Any run of characters: every position from the earliest reached on.
      const first = reached[0]!;
      reached = Array.from({ length: path.length - first + 1 }, (_, i) => first + i);
      continue;
    }
    reached = reached.filter((at) => path[at] === char).map((at) => at + 1);
    if (reached.length === 0) return false;
  }
  return true;
}
