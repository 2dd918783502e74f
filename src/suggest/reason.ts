import type { PairScore } from './pair-score.js';
import type { UrlShape } from './url-shape.js';
import { wordsOf } from './words.js';

/** What the match itself rests on: the same path, slug, title, the same words otherwise, or some words. */
function matchWords(old: UrlShape, next: UrlShape, score: PairScore): string {
  if (old.plainPath === next.plainPath) return 'same path';
  const edits: string[] = [];
  if (score.typos.length > 0) edits.push(`typo fixed (${score.typos.map(([a, b]) => `${a} → ${b}`).join(', ')})`);
  const sameWords = score.oldExtra === 0 && score.newExtra === 0;
  if (sameWords && old.words.join(' ') !== next.words.join(' ') && old.sortedKey === next.sortedKey)
    edits.push('words reordered');
  if (sameWords && wordsOf(old.slug).length !== wordsOf(next.slug).length) edits.push('stop words dropped');
  if (sameWords) return edits.length === 0 ? 'same slug' : `same slug words, ${edits.join(', ')}`;
  if (score.title === 1) return ['same title', ...edits].join(', ');
  const kind = score.newExtra === 0 ? 'old slug has words the new one lacks (merged page?)' : 'similar slug';
  return [kind, ...edits].join(', ');
}

/** How the path around the slug changed: date folder dropped, folder moved, extension dropped, case changed. */
function pathWords(old: UrlShape, next: UrlShape): string[] {
  const out: string[] = [];
  if (old.dated && !next.dated) out.push('date folder dropped');
  const from = old.folders.join('/');
  const to = next.folders.join('/');
  if (from !== to) {
    if (from === '') out.push(`moved into /${to}`);
    else out.push(to === '' ? `moved out of /${from}` : `folder moved: /${from} → /${to}`);
  }
  if (old.extension !== '' && next.extension === '') out.push(`extension dropped (${old.extension})`);
  if (old.rawPath !== old.rawPath.toLowerCase() && next.rawPath === next.rawPath.toLowerCase())
    out.push('case changed');
  return out;
}

/** The reason in words: what matched, then how the path changed around it. */
export function reasonOf(old: UrlShape, next: UrlShape, score: PairScore, ambiguous: boolean): string {
  const words = [matchWords(old, next, score), ...pathWords(old, next)];
  if (ambiguous) words.push('another page nearly as close');
  return words.join('; ');
}
