/**
 * Long runs of the generated Netlify suite (`npm run fuzz:rules -- netlify --minutes 10 --seed 1`): seeds from `seed`
 * upward, `runs` files a seed, until the time is up; each disagreement is shrunk by fast-check and added to
 * test/oracles/corpus/netlify.json, which netlify.generated.test.ts replays. Prints each seed and the totals.
 */
import { addToCorpus } from './netlify-corpus.js';
import { runSeed } from './netlify-shrink.js';
import { describeOutcome } from './netlify-verdicts.js';

export async function fuzzNetlify(options: { minutes: number; seed: number; runs: number }): Promise<void> {
  const end = Date.now() + options.minutes * 60_000;
  const totals = { seeds: 0, files: 0, samples: 0, agreed: 0, skipped: 0, disagreements: 0, added: 0 };
  for (let seed = options.seed; Date.now() < end; seed++) {
    const run = await runSeed(seed, options.runs, Math.max(10_000, Math.min(60_000, end - Date.now())));
    totals.seeds += 1;
    totals.files += run.files;
    totals.samples += run.samples;
    totals.agreed += run.agreed;
    totals.skipped += run.skipped;
    let note = '';
    if (run.shrunk !== undefined) {
      totals.disagreements += 1;
      const { file, outcomes } = run.shrunk;
      const added = await addToCorpus(file, `seed ${seed} (${new Date().toISOString()})`, outcomes);
      if (added) totals.added += 1;
      const said = outcomes.map((each) => `  ${describeOutcome(each)}`).join('\n');
      note = ` disagreement ${added ? 'added' : 'already in the corpus'}:\n${file.name}\n${file.text}${said}`;
    }
    console.log(
      `seed ${seed}: ${run.files} files, ${run.samples} samples, ${run.agreed} agree, ${run.skipped} skipped${note}`,
    );
  }
  console.log(`fuzz netlify from seed ${options.seed}: ${JSON.stringify(totals)}`);
}
