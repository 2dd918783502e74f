/**
 * Long runs of the generated Apache suite (`npm run fuzz:rules -- apache --minutes 10 --seed 1`): seeds from `seed`
 * upward, one a round of `runs` batches, until the time is up; each disagreement is shrunk by fast-check and added to
 * test/oracles/corpus/apache.json (which apache.generated.test.ts replays). Prints each seed and the totals.
 */
import { describeOutcome } from './apache-batch.js';
import { addToCorpus } from './apache-corpus.js';
import { runSeed, type SeedRun } from './apache-shrink.js';

/** The seed's line: its figures, and the shrunk disagreement (or the error) it found. */
async function report(run: SeedRun, totals: Record<string, number>): Promise<string> {
  let note = '';
  if (run.shrunk !== undefined) {
    const found = `seed ${run.seed} (${new Date().toISOString()})`;
    const added = await addToCorpus(run.shrunk.site, found, run.shrunk.outcomes);
    if (added) totals.added = (totals.added ?? 0) + 1;
    const lines = run.shrunk.outcomes.map((each) => `  ${describeOutcome(each)}`).join('\n');
    note = ` disagreement ${added ? 'added' : 'already in the corpus'} (${run.shrunk.site.placement}):\n${run.shrunk.site.text}${lines}`;
  }
  if (run.error !== undefined) note += ` error: ${run.error}`;
  return `seed ${run.seed}: ${run.sites} sites, ${run.requests} requests, ${run.agreed} agree, ${run.skipped} skipped${note}`;
}

/** Runs seeds from `seed` for `minutes`, `runs` batches a seed, and prints the figures. */
export async function fuzzApache(options: { minutes: number; seed: number; runs: number }): Promise<void> {
  const end = Date.now() + options.minutes * 60_000;
  const totals: Record<string, number> = { seeds: 0, sites: 0, requests: 0, agreed: 0, skipped: 0, added: 0 };
  for (let seed = options.seed; Date.now() < end; seed++) {
    const run = await runSeed(seed, options.runs, Math.max(10_000, Math.min(120_000, end - Date.now())));
    totals.seeds! += 1;
    totals.sites! += run.sites;
    totals.requests! += run.requests;
    totals.agreed! += run.agreed;
    totals.skipped! += run.skipped;
    console.log(await report(run, totals));
  }
  console.log(`fuzz apache from seed ${options.seed}: ${JSON.stringify(totals)}`);
}
