/**
 * Long runs of the generated differential suites: `npm run fuzz:rules -- nginx --minutes 10 --seed 1`. Seeds from
 * `--seed` upward, one a round of batches, until the time is up; each disagreement is shrunk by fast-check and added
 * to test/oracles/corpus/nginx.json (which nginx.generated.test.ts replays). Prints each seed and the totals.
 */
import { addToCorpus } from './nginx-corpus.js';
import { runSeed } from './nginx-shrink.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

async function main(): Promise<void> {
  if (process.argv[2] !== 'nginx') throw new Error('usage: fuzz.ts nginx [--minutes N] [--seed S] [--runs R]');
  const end = Date.now() + option('minutes', 10) * 60_000;
  const first = option('seed', Date.now() % 1_000_000);
  const runs = option('runs', 10);
  const totals = { seeds: 0, sites: 0, requests: 0, agreed: 0, skipped: 0, added: 0 };
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
    }
    console.log(
      `seed ${seed}: ${run.sites} sites, ${run.requests} requests, ${run.agreed} agree, ${run.skipped} skipped${note}`,
    );
  }
  console.log(`fuzz nginx from seed ${first}: ${JSON.stringify(totals)}`);
}

await main();
