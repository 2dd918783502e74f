/**
 * A long run of the generated nginx suite (`npm run fuzz:rules -- nginx --minutes 10 --seed 1`, fuzz.ts). Seeds from
 * `seed` upward, one a round of batches, until the time is up; each disagreement is shrunk by fast-check and added
 * to test/oracles/corpus/nginx.json (which nginx.generated.test.ts replays). Prints each seed and the totals.
 */
import { addToCorpus } from './nginx-corpus.js';
import { runSeed } from './nginx-shrink.js';

/** What a long run is given: its time, its first seed, and the batches a seed runs. */
export interface FuzzOptions {
  minutes: number;
  seed: number;
  runs: number;
}

export async function fuzzNginx(options: FuzzOptions): Promise<void> {
  const end = Date.now() + options.minutes * 60_000;
  const first = options.seed;
  const runs = options.runs;
  const totals = { seeds: 0, sites: 0, requests: 0, agreed: 0, skipped: 0, added: 0, unreproduced: 0 };
  for (let seed = first; Date.now() < end; seed++) {
    const run = await runSeed(seed, runs, Math.max(10_000, Math.min(120_000, end - Date.now())));
    totals.seeds += 1;
    totals.sites += run.sites;
    totals.requests += run.requests;
    totals.agreed += run.agreed;
    totals.skipped += run.skipped;
    let note = '';
    if (run.shrunk !== undefined) {
      const added = await addToCorpus(
        run.shrunk.site,
        `seed ${seed} (${new Date().toISOString()})`,
        run.shrunk.outcomes,
      );
      if (added) totals.added += 1;
      note = ` disagreement ${added ? 'added' : 'already in the corpus'}:\n${run.shrunk.site.text}${run.shrunk.outcomes.map((o) => `  ${o.request.host} ${o.request.path}: nginx ${JSON.stringify(o.answer)}, hoplens ${JSON.stringify(o.prediction)}`).join('\n')}`;
    } else if (run.requests > run.agreed + run.skipped) {
      // Said, never dropped: a batch that failed once and not when shrunk (another server took a port, say).
      totals.unreproduced += run.requests - run.agreed - run.skipped;
      note = ` ${run.requests - run.agreed - run.skipped} disagreed, not again when shrunk (not added)${run.error === undefined ? '' : `: ${run.error}`}`;
    }
    console.log(
      `seed ${seed}: ${run.sites} sites, ${run.requests} requests, ${run.agreed} agree, ${run.skipped} skipped${note}`,
    );
  }
  console.log(`fuzz nginx from seed ${first}: ${JSON.stringify(totals)}`);
}
