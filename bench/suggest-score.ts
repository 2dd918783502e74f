/**
 * The suggestion benchmark (issue 45): `hoplens suggest`'s matcher on the suggestion corpus (bench/suggest-corpus.ts),
 * its precision and recall at the default threshold, per seed, and its time on a large corpus.
 *
 *   npx tsx bench/suggest-score.ts [seed...]            precision and recall on each seed (default: the corpus's 3)
 *   SUGGEST_LARGE=50000 npx tsx bench/suggest-score.ts  also the time of 50,000 old URLs against their new site
 *
 * precision = proposals whose target is the truth's / proposals
 * recall    = old URLs with a counterpart given the truth's target / old URLs with a counterpart (the truth file's rows)
 */
import { fileURLToPath } from 'node:url';
import { type Suggestion, suggestTargets } from '../src/suggest/index.js';
import { SUGGEST_CORPUS_SEED, type SuggestCorpus, suggestCorpus } from './suggest-corpus.js';

/** The seeds the test checks: the committed one and two others. */
export const SUGGEST_SEEDS = [SUGGEST_CORPUS_SEED, 1, 2026];

export interface SuggestFigures {
  proposals: number;
  correct: number;
  withCounterpart: number;
  precision: number;
  recall: number;
  /** The wrong proposals, for a look at what fooled the matcher. */
  wrong: Array<Suggestion & { truth?: string }>;
}

export function figures(corpus: SuggestCorpus, suggestions: readonly Suggestion[]): SuggestFigures {
  const correct = suggestions.filter((each) => corpus.truth.get(each.source) === each.target).length;
  const wrong = suggestions
    .filter((each) => corpus.truth.get(each.source) !== each.target)
    .map((each) => ({ ...each, truth: corpus.truth.get(each.source) }));
  return {
    proposals: suggestions.length,
    correct,
    withCounterpart: corpus.truth.size,
    precision: suggestions.length === 0 ? 0 : correct / suggestions.length,
    recall: corpus.truth.size === 0 ? 0 : correct / corpus.truth.size,
    wrong,
  };
}

export function scoreSeed(seed: number, oldCount = 2400): SuggestFigures {
  const corpus = suggestCorpus(seed, oldCount);
  return figures(corpus, suggestTargets(corpus.old, corpus.new));
}

const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seeds = process.argv.slice(2).map(Number);
  for (const seed of seeds.length > 0 ? seeds : SUGGEST_SEEDS) {
    const result = scoreSeed(seed);
    console.log(
      `seed ${seed}: ${result.proposals} proposals, ${result.correct} right of ${result.withCounterpart} with a counterpart: precision ${percent(result.precision)}, recall ${percent(result.recall)}`,
    );
    if (process.env.SUGGEST_WRONG) for (const each of result.wrong) console.log(JSON.stringify(each));
  }
  const large = Number(process.env.SUGGEST_LARGE ?? 0);
  if (large > 0) {
    const corpus = suggestCorpus(SUGGEST_CORPUS_SEED, large);
    const started = performance.now();
    const suggestions = suggestTargets(corpus.old, corpus.new);
    const seconds = (performance.now() - started) / 1000;
    const result = figures(corpus, suggestions);
    const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
    console.log(
      `${corpus.old.length} old × ${corpus.new.length} new: ${seconds.toFixed(1)} s, peak RSS ${rss} MB, precision ${percent(result.precision)}, recall ${percent(result.recall)}`,
    );
  }
}
