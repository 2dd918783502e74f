import type { NewIndex } from './new-index.js';
import type { UrlShape } from './url-shape.js';

/** How many of the pages sharing the most words are scored in full, beside the exact meetings. */
const TOP_BY_WORDS = 8;

/**
 * Adds up, for each new page, the weight of the old slug's words it has (typos fixed), through the word index only:
 * the cost is the length of a few word lists, not the size of the new site. `sums` is all zeros, and left so.
 */
function byWords(old: UrlShape, index: NewIndex, sums: Float64Array): number[] {
  const touched: number[] = [];
  for (const word of new Set(old.words)) {
    const met = index.byWord.has(word) ? word : index.corrected(word);
    const ids = met === undefined ? undefined : index.byWord.get(met);
    if (ids === undefined || ids.length > index.commonLimit) continue;
    const weight = index.weight(met!);
    for (const id of ids) {
      if (sums[id] === 0) touched.push(id);
      sums[id]! += weight;
    }
  }
  // Highest sum first; ties by id, which follows the input's order: the same input, the same candidates.
  touched.sort((a, b) => sums[b]! - sums[a]! || a - b);
  for (const id of touched) sums[id] = 0;
  return touched.slice(0, TOP_BY_WORDS);
}

/** The new pages worth scoring for `old`: same path, slug, words or title, and those sharing the most words. */
export function candidatesOf(old: UrlShape, title: string | undefined, index: NewIndex, sums: Float64Array): number[] {
  const found = new Set<number>();
  const exact = [
    index.byPath.get(old.plainPath),
    old.slug === '' ? undefined : index.bySlug.get(old.words.join(' ')),
    old.sortedKey === '' ? undefined : index.bySorted.get(old.sortedKey),
    title === undefined ? undefined : index.byTitle.get(title),
  ];
  for (const ids of exact) for (const id of (ids ?? []).slice(0, TOP_BY_WORDS * 4)) found.add(id);
  for (const id of byWords(old, index, sums)) found.add(id);
  return [...found];
}
