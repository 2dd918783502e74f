/**
 * `npm run corpus`: runs the findings corpus (test/corpus/cases.ts) through the analyzer on loopback and prints each
 * detector's precision and recall, then every case whose labels were not met. See docs/development.md.
 *
 *   recall    = cases where the type was found / cases labelled mustFind for it
 *   precision = those found / (those + cases labelled mustNotFind for it where it was found anyway)
 *
 * Known misses (KNOWN_MISSES in the cases file) count like any case here: these are the corpus's real numbers.
 */
import { CASES, KNOWN_MISSES } from '../test/corpus/cases.js';
import { DETECTOR_TYPES } from '../test/corpus/detector-types.js';
import { runCorpus, scores, verdictOf } from '../test/corpus/harness.js';

function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`;
}

const started = performance.now();
const outcomes = await runCorpus(CASES);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

const rows: string[][] = [
  [
    'detector',
    'type',
    'cases +',
    'cases −',
    'found',
    'missed',
    'false +',
    'unlabelled',
    'known misses',
    'precision',
    'recall',
  ],
];
for (const [detector, types] of Object.entries(DETECTOR_TYPES)) {
  for (const score of scores(CASES, outcomes, types, KNOWN_MISSES)) {
    rows.push([
      detector,
      score.type,
      String(score.positives),
      String(score.negatives),
      String(score.truePositives),
      String(score.positives - score.truePositives),
      String(score.falsePositives),
      String(score.unlabelled),
      String(score.knownMisses),
      percent(score.truePositives, score.truePositives + score.falsePositives),
      percent(score.truePositives, score.positives),
    ]);
  }
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(line(rows[0]!));
console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
for (const row of rows.slice(1)) console.log(line(row));

console.log(`\n${CASES.length} cases in ${seconds} s; ${KNOWN_MISSES.length} known misses.`);
const known = new Map(KNOWN_MISSES.map((miss) => [miss.id, miss.reason]));
CASES.forEach((corpusCase, index) => {
  const outcome = outcomes[index]!;
  const { missed, unwanted } = verdictOf(corpusCase, outcome);
  const errorWrong = outcome.error !== corpusCase.error;
  if (missed.length === 0 && unwanted.length === 0 && !errorWrong) return;
  const parts = [
    missed.length > 0 ? `missed ${missed.join(', ')}` : '',
    unwanted.length > 0 ? `found ${unwanted.join(', ')}` : '',
    errorWrong
      ? `error ${outcome.error ?? 'none'} (${corpusCase.error ?? 'none'} expected) ${outcome.errorMessage ?? ''}`
      : '',
  ].filter((part) => part !== '');
  const label = known.has(corpusCase.id) ? 'known miss' : 'FAILS';
  console.log(`${label}: ${corpusCase.id}: ${parts.join('; ')}`);
});
