/**
 * The URLs of a `srcset` attribute, by the HTML standard's "parse a srcset attribute" (4.8.4.3.10,
 * https://html.spec.whatwg.org/multipage/images.html#parsing-a-srcset-attribute): candidates are separated by commas;
 * each is a run of non-whitespace (its URL, which may hold commas: `a.jpg,b.jpg` is one URL, trailing commas
 * removed) then optional descriptors (`1x`, `480w`), read up to the next comma outside parentheses.
 */
import type { LocatedUrl } from './located-url.js';

/** ASCII whitespace as the HTML standard counts it. */
function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
}

/** Where the descriptors that start at `at` end: past the comma that closes the candidate, outside parentheses. */
function descriptorsEnd(value: string, at: number): number {
  let depth = 0;
  for (let i = at; i < value.length; i++) {
    const char = value[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) return i + 1;
  }
  return value.length;
}

/** Every candidate's URL in a `srcset` value, with its range in the value; empty candidates are skipped. */
export function srcsetUrls(value: string): LocatedUrl[] {
  const found: LocatedUrl[] = [];
  let at = 0;
  while (at < value.length) {
    while (at < value.length && (isSpace(value[at]) || value[at] === ',')) at++;
    const start = at;
    while (at < value.length && !isSpace(value[at])) at++;
    let end = at;
    while (end > start && value[end - 1] === ',') end--;
    if (end > start) found.push({ url: value.slice(start, end), start, end });
    // A URL that ended in commas ends its candidate: it has no descriptors.
    if (end === at) at = descriptorsEnd(value, at);
  }
  return found;
}
