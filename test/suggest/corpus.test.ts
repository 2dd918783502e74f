/**
 * The suggestion benchmark as a test (issue 45): on the synthetic migration of bench/suggest-corpus.ts (committed with
 * its seed before the matcher was tuned), at the default threshold, precision at least 95% and recall at least 80%,
 * on the committed seed and on two others. recall counts the old URLs the truth file gives a target.
 */
import { describe, expect, it } from 'vitest';
import { suggestCorpus } from '../../bench/suggest-corpus.js';
import { SUGGEST_SEEDS, scoreSeed } from '../../bench/suggest-score.js';

describe('the suggestion corpus', () => {
  it('is the same for a seed, and another for another seed; every pattern is in it', () => {
    const corpus = suggestCorpus(SUGGEST_SEEDS[0]!);
    expect(suggestCorpus(SUGGEST_SEEDS[0]!)).toEqual(corpus);
    expect(suggestCorpus(SUGGEST_SEEDS[1]!).old).not.toEqual(corpus.old);
    expect(corpus.old.length).toBeGreaterThanOrEqual(2000);
    const patterns = new Set(corpus.patterns.values());
    for (const pattern of [
      'date dropped',
      'category renamed',
      'extension dropped',
      'stop words dropped',
      'typo fixed',
      'words reordered',
      'case changed',
      'merged',
      'kept',
      'removed',
    ])
      expect(patterns).toContain(pattern);
    const removed = [...corpus.patterns].filter(([, pattern]) => pattern === 'removed');
    expect(removed.length).toBeGreaterThan(100);
    for (const [url] of removed) expect(corpus.truth.has(url)).toBe(false);
  });

  it.each(SUGGEST_SEEDS)('seed %i: precision at least 95%%, recall at least 80%% at the default threshold', (seed) => {
    const figures = scoreSeed(seed);
    expect(figures.precision).toBeGreaterThanOrEqual(0.95);
    expect(figures.recall).toBeGreaterThanOrEqual(0.8);
  });
});
