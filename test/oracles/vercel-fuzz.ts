/**
 * Long runs of the generated Vercel suite (wired as `npm run fuzz:rules -- vercel`): seeds from `seed` upward, `runs`
 * files each, until `minutes` are up; each disagreement is shrunk by fast-check and added to
 * test/oracles/corpus/vercel.json (which vercel.generated.test.ts replays). Prints each seed and the totals.
 */
import { addToCorpus } from './vercel-corpus.js';
import { runSeed, type SeedRun } from './vercel-shrink.js';

/** One seed's line: its figures, and the shrunk disagreement when there is one. */
function report(run: SeedRun, added: boolean | undefined): string {
  const figures = `seed ${run.seed}: ${run.files} files, ${run.samples} samples, ${run.agreed} agree, ${run.skipped} skipped`;
  if (run.shrunk === undefined) return figures;
  const said = run.shrunk.outcomes.map(
    (each) => `  ${each.sample}: Vercel ${JSON.stringify(each.answer)}, hoplens ${JSON.stringify(each.prediction)}`,
  );
  return [`${figures} disagreement ${added ? 'added' : 'already in the corpus'}:`, run.shrunk.file.text, ...said].join(
    '\n',
  );
}

export async function fuzzVercel(options: { minutes: number; seed: number; runs: number }): Promise<void> {
  const end = Date.now() + options.minutes * 60_000;
  const totals = { seeds: 0, files: 0, samples: 0, agreed: 0, skipped: 0, disagreements: 0, added: 0 };
  for (let seed = options.seed; Date.now() < end; seed++) {
    const run = await runSeed(seed, options.runs, Math.max(10_000, Math.min(60_000, end - Date.now())));
    totals.seeds += 1;
    totals.files += run.files;
    totals.samples += run.samples;
    totals.agreed += run.agreed;
    totals.skipped += run.skipped;
    let added: boolean | undefined;
    if (run.shrunk !== undefined) {
      totals.disagreements += 1;
      added = await addToCorpus(run.shrunk.file, `seed ${seed} (${new Date().toISOString()})`, run.shrunk.outcomes);
      if (added) totals.added += 1;
    }
    console.log(report(run, added));
  }
  console.log(`fuzz vercel from seed ${options.seed}: ${JSON.stringify(totals)}`);
}
