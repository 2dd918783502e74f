import type { NewIndex } from './new-index.js';
import type { UrlShape } from './url-shape.js';

/** How an old page and a new one compare: the similarity of their slugs and titles, and which words met. */
export interface PairScore {
  id: number;
  /** Between 0 and 1. */
  score: number;
  slug: number;
  title: number;
  /** Old word → new word, for the words matched by a typo fixed. */
  typos: Array<[string, string]>;
  /** The old slug's words the new one lacks, and the new slug's the old one lacks. */
  oldExtra: number;
  newExtra: number;
}

/** Old words the new site lacks weigh this share only: a merged page's old slug names what the merge dropped. */
const OLD_EXTRA_SHARE = 0.5;
/** A word met through a typo counts this much of a word met as it is. */
const TYPO_SHARE = 0.9;
/**
 * A slug that both lost and gained words is another page as often as the same one (`bread-recipes-winter` beside
 * `bread-recipes-summer`): its similarity counts this share.
 */
const BOTH_CHANGED_SHARE = 0.75;
/** Folders kept add this much to the slug's similarity; a date folder dropped or a renamed folder take nothing. */
const SAME_FOLDERS = 0.05;

/**
 * The weighted overlap of the slugs' words: what they share over what they share plus what the new slug adds plus a
 * share of what the old one loses; rare words weigh more.
 */
function slugSimilarity(old: UrlShape, next: UrlShape, index: NewIndex, score: PairScore): number {
  const nextWords = new Set(next.words);
  const met = new Set<string>();
  let shared = 0;
  let oldExtra = 0;
  let typoLoss = 0;
  for (const word of new Set(old.words)) {
    const weight = index.weight(word);
    if (nextWords.has(word)) {
      shared += weight;
      met.add(word);
      continue;
    }
    const fixed = index.corrected(word);
    if (fixed !== undefined && nextWords.has(fixed) && !met.has(fixed)) {
      shared += index.weight(fixed) * TYPO_SHARE;
      typoLoss += index.weight(fixed) * (1 - TYPO_SHARE);
      met.add(fixed);
      score.typos.push([word, fixed]);
    } else oldExtra += weight;
  }
  let newExtra = 0;
  for (const word of nextWords) if (!met.has(word)) newExtra += index.weight(word);
  score.oldExtra = oldExtra;
  score.newExtra = newExtra;
  const whole = shared + typoLoss + newExtra + OLD_EXTRA_SHARE * oldExtra;
  const similarity = whole === 0 ? 0 : shared / whole;
  return oldExtra > 0 && newExtra > 0 ? similarity * BOTH_CHANGED_SHARE : similarity;
}

/** The overlap of two titles' words (their keys: lowercased, the site's name dropped). */
function titleSimilarity(old: string | undefined, next: string | undefined): number {
  if (old === undefined || next === undefined) return 0;
  if (old === next) return 1;
  const a = new Set(old.split(' '));
  const b = new Set(next.split(' '));
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** The score of the new page `id` for the old page `old`. */
export function pairScore(old: UrlShape, oldTitle: string | undefined, id: number, index: NewIndex): PairScore {
  const next = index.shapes[id]!;
  const score: PairScore = { id, score: 0, slug: 0, title: 0, typos: [], oldExtra: 0, newExtra: 0 };
  if (old.plainPath === next.plainPath) {
    score.slug = 1;
  } else {
    score.slug = slugSimilarity(old, next, index, score);
    if (old.folders.length > 0 && old.folders.join('/') === next.folders.join('/')) score.slug += SAME_FOLDERS;
  }
  score.title = titleSimilarity(oldTitle, index.titles[id]);
  // A title met exactly is as good as a slug met; a title merely like another one only confirms a slug.
  score.score = Math.min(1, Math.max(score.slug, score.title === 1 ? 0.95 : 0) + 0.1 * score.title);
  return score;
}
