import { candidatesOf } from './candidates.js';
import { NewIndex } from './new-index.js';
import { type PairScore, pairScore } from './pair-score.js';
import { reasonOf } from './reason.js';
import { titleKeys } from './titles.js';
import { DEFAULT_THRESHOLD, type Suggestion, type SuggestOptions, type SuggestPage } from './types.js';
import { shapeOf } from './url-shape.js';

/** A runner-up closer than this to the best lowers the confidence by what is missing to it. */
const CLEAR_MARGIN = 0.15;

/** Best first; a tie goes to the URL first in code-point order, so that the same inputs give the same answer. */
function better(index: NewIndex) {
  return (a: PairScore, b: PairScore) => {
    if (b.score !== a.score) return b.score - a.score;
    const left = index.shapes[a.id]!.url;
    const right = index.shapes[b.id]!.url;
    return left < right ? -1 : left > right ? 1 : 0;
  };
}

/** The confidence of the best score given the runner-up: a close second makes the best a guess. */
function confidenceOf(best: PairScore, second: PairScore | undefined): number {
  const margin = best.score - (second?.score ?? 0);
  const confidence = margin >= CLEAR_MARGIN ? best.score : best.score - (CLEAR_MARGIN - margin);
  return Math.max(0, Math.round(confidence * 1000) / 1000);
}

/**
 * Proposes, for each old page, the new page it most likely moved to, with a confidence in [0, 1] and the reason in
 * words; nothing for an old page whose best confidence is below the threshold, nor for one the new site lists at the
 * same URL. Old pages come out in their order.
 */
export function suggestTargets(
  oldPages: readonly SuggestPage[],
  newPages: readonly SuggestPage[],
  options: SuggestOptions = {},
): Suggestion[] {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const index = new NewIndex(
    newPages.map((page) => shapeOf(page.url)),
    titleKeys(newPages.map((page) => page.title)),
  );
  const oldTitles = titleKeys(oldPages.map((page) => page.title));
  const sums = new Float64Array(newPages.length);
  const order = better(index);
  const out: Suggestion[] = [];
  oldPages.forEach((page, at) => {
    // A page the new site still has at the same URL needs no redirect (and a rule for it would be a loop).
    if (index.urls.has(page.url)) return;
    const old = shapeOf(page.url);
    const scores = candidatesOf(old, oldTitles[at], index, sums)
      .map((id) => pairScore(old, oldTitles[at], id, index))
      .sort(order);
    const [best, second] = scores;
    if (best === undefined) return;
    const confidence = confidenceOf(best, second);
    if (confidence < threshold || confidence === 0) return;
    const next = index.shapes[best.id]!;
    const ambiguous = second !== undefined && best.score - second.score < CLEAR_MARGIN;
    out.push({ source: page.url, target: next.url, confidence, reason: reasonOf(old, next, best, ambiguous) });
  });
  return out;
}
