/**
 * Words of a slug or a title. Stop words are dropped, for slugs are often edited to drop them (`how-to-bake-the-bread`
 * → `bake-bread`) and they say nothing of which page it is.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by for from how in into is it its of on or the to with your you our what why when'.split(' '),
);

/** The lowercase words of `text`, split on anything not a letter or a digit. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** The words that tell pages apart: without stop words, unless there is nothing else. */
export function contentWords(words: readonly string[]): string[] {
  const kept = words.filter((word) => !STOP_WORDS.has(word));
  return kept.length > 0 ? kept : [...words];
}
