import type { UrlShape } from './url-shape.js';

/** Words shorter than this are not matched with a typo (too many short words are one edit apart). */
const TYPO_MIN_LENGTH = 5;
/** A word on more pages than this share of the new site does not propose candidates (it still scores them). */
const COMMON_SHARE = 0.2;

function push<K>(map: Map<K, number[]>, key: K, id: number): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, [id]);
  else ids.push(id);
}

/** The word with one letter dropped at each place: two words one edit apart share one of these. */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < word.length; at++) out.push(word.slice(0, at) + word.slice(at + 1));
  return out;
}

/**
 * The new site indexed by what an old URL is looked up with: its plain path, its slug, its words sorted, its title,
 * and each slug word (with the words one typo away), so that each old URL meets only the new pages it shares
 * something with, never every page.
 */
export class NewIndex {
  /** The new URLs as given. */
  readonly urls: ReadonlySet<string>;
  readonly byPath = new Map<string, number[]>();
  readonly bySlug = new Map<string, number[]>();
  readonly bySorted = new Map<string, number[]>();
  readonly byTitle = new Map<string, number[]>();
  readonly byWord = new Map<string, number[]>();
  private readonly byDeletion = new Map<string, string[]>();
  private readonly weights = new Map<string, number>();
  private readonly absentWeight: number;
  readonly commonLimit: number;

  constructor(
    readonly shapes: readonly UrlShape[],
    readonly titles: ReadonlyArray<string | undefined>,
  ) {
    this.urls = new Set(shapes.map((shape) => shape.url));
    for (const [id, shape] of shapes.entries()) this.add(shape, titles[id], id);
    const count = Math.max(1, shapes.length);
    for (const [word, ids] of this.byWord) this.weights.set(word, Math.log(1 + count / ids.length));
    this.absentWeight = Math.log(1 + count);
    this.commonLimit = Math.max(50, count * COMMON_SHARE);
  }

  private add(shape: UrlShape, title: string | undefined, id: number): void {
    push(this.byPath, shape.plainPath, id);
    if (shape.slug !== '') push(this.bySlug, shape.words.join(' '), id);
    if (shape.sortedKey !== '') push(this.bySorted, shape.sortedKey, id);
    if (title !== undefined) push(this.byTitle, title, id);
    for (const word of new Set(shape.words)) {
      if (!this.byWord.has(word) && word.length >= TYPO_MIN_LENGTH) {
        for (const variant of [word, ...deletions(word)]) {
          const words = this.byDeletion.get(variant);
          if (words === undefined) this.byDeletion.set(variant, [word]);
          else if (!words.includes(word)) words.push(word);
        }
      }
      push(this.byWord, word, id);
    }
  }

  /** How much a word tells pages apart: rare words more (an inverse document frequency). */
  weight(word: string): number {
    return this.weights.get(word) ?? this.absentWeight;
  }

  /** The new site's word one typo away from `word` (an old word the new site lacks), when there is exactly one. */
  corrected(word: string): string | undefined {
    if (word.length < TYPO_MIN_LENGTH || this.byWord.has(word)) return undefined;
    const found = new Set<string>();
    for (const variant of [word, ...deletions(word)])
      for (const each of this.byDeletion.get(variant) ?? []) found.add(each);
    return found.size === 1 ? [...found][0] : undefined;
  }
}
