/**
 * The findings corpus (test/corpus/cases.ts) through the real analyzer on loopback: no case reports a type it is
 * labelled not to, and every detector finds at least 95% of the cases labelled for it (one that never fires fails).
 * Cases on KNOWN_MISSES are left out of both, and must still fail: once one passes, it comes off the list.
 * `npm run corpus` prints each detector's precision and recall (bench/corpus.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CASES, KNOWN_MISSES } from './cases.js';
import { DETECTED_TYPES } from './detector-types.js';
import { type CaseOutcome, corpusProblems, runCorpus, scores, verdictOf } from './harness.js';

/** The least share of the cases labelled `mustFind` for a type that must report it. */
const RECALL_FLOOR = 0.95;

const knownMiss = new Set(KNOWN_MISSES.map((miss) => miss.id));
const counted = CASES.filter((corpusCase) => !knownMiss.has(corpusCase.id));

let outcomes: CaseOutcome[];

beforeAll(async () => {
  outcomes = await runCorpus(CASES);
}, 180_000);

function outcomeOf(id: string): CaseOutcome {
  return outcomes[CASES.findIndex((corpusCase) => corpusCase.id === id)]!;
}

describe('the findings corpus', () => {
  it('has a hundred cases or more, well formed, each host its own case', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100);
    expect(corpusProblems(CASES, KNOWN_MISSES)).toEqual([]);
  });

  it("labels every detector's types both ways: cases that must report it and cases that must not", () => {
    const unlabelled = scores(
      CASES,
      CASES.map((c) => ({ id: c.id, found: [] })),
      DETECTED_TYPES,
    )
      .filter((score) => score.positives === 0 || score.negatives === 0)
      .map((score) => `${score.type}: ${score.positives} positive, ${score.negatives} negative`);
    expect(unlabelled).toEqual([]);
  });

  it('fails only the analyses labelled to fail, with their error', () => {
    const wrong = CASES.flatMap((corpusCase) => {
      const outcome = outcomeOf(corpusCase.id);
      return outcome.error === corpusCase.error
        ? []
        : [
            `${corpusCase.id}: expected ${corpusCase.error ?? 'a result'}, got ${outcome.error ?? 'a result'} ${outcome.errorMessage ?? ''}`,
          ];
    });
    expect(wrong).toEqual([]);
  });

  it('reports no type a case is labelled not to (no false positive)', () => {
    const wrong = counted.flatMap((corpusCase) => {
      const outcome = outcomeOf(corpusCase.id);
      const { unwanted } = verdictOf(corpusCase, outcome);
      return unwanted.length === 0
        ? []
        : [`${corpusCase.id}: found ${unwanted.join(', ')} (${outcome.error ?? 'no error'})`];
    });
    expect(wrong).toEqual([]);
  });

  it(`finds each type in at least ${RECALL_FLOOR * 100}% of the cases labelled for it`, () => {
    const countedOutcomes = counted.map((corpusCase) => outcomeOf(corpusCase.id));
    const low = scores(counted, countedOutcomes, DETECTED_TYPES)
      .filter((score) => score.truePositives === 0 || score.truePositives / score.positives < RECALL_FLOOR)
      .map((score) => {
        const missed = counted
          .filter((c, index) => c.mustFind.includes(score.type) && !countedOutcomes[index]!.found.includes(score.type))
          .map((c) => c.id);
        return `${score.type}: ${score.truePositives} of ${score.positives} (missed: ${missed.join(', ')})`;
      });
    expect(low).toEqual([]);
  });

  it('still gets each known miss wrong (a fixed one comes off KNOWN_MISSES)', () => {
    const fixed = KNOWN_MISSES.filter((miss) => {
      const corpusCase = CASES.find((c) => c.id === miss.id)!;
      const { missed, unwanted } = verdictOf(corpusCase, outcomeOf(miss.id));
      return missed.length === 0 && unwanted.length === 0;
    }).map((miss) => miss.id);
    expect(fixed).toEqual([]);
  });
});
