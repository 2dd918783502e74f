import { contentWords, wordsOf } from './words.js';

/** What separates a page's title from its site's name: `Bread | Old Blog`, `Bread – Example`. */
const SEPARATOR = /\s+[|–—·:»-]\s+/;

/**
 * The titles of one site made comparable: lowercased, and without the parts many of its pages share (the site's
 * name, wherever it stands), found by counting; of the parts left, the longest.
 */
export function titleKeys(titles: ReadonlyArray<string | undefined>): Array<string | undefined> {
  const counts = new Map<string, number>();
  const parted = titles.map((title) =>
    title === undefined ? [] : title.split(SEPARATOR).map((part) => wordsOf(part).join(' ')),
  );
  for (const parts of parted) for (const part of new Set(parts)) counts.set(part, (counts.get(part) ?? 0) + 1);
  const common = Math.max(3, titles.length * 0.05);
  return parted.map((parts) => {
    const own = parts.filter((part) => part !== '' && (counts.get(part) ?? 0) < common);
    // Too few pages to tell the site's name by counting: the longest part is the page's own, a site's name is short.
    const longest = own.reduce((best, part) => (part.length > best.length ? part : best), '');
    const key = contentWords(wordsOf(longest)).join(' ');
    return key === '' ? undefined : key;
  });
}
