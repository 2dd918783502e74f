import fc from 'fast-check';
import { describeOutcome, runBatch } from './nginx-batch.js';
import { generatedSite } from './nginx-generator.js';

const sites = fc.sample(fc.array(generatedSite, { minLength: 50, maxLength: 50 }), {
  seed: Number(process.argv[2] ?? 1),
  numRuns: 1,
})[0]!;
const out = await runBatch(sites);
console.log(
  'n',
  out.length,
  'agree',
  out.filter((o) => o.verdict === 'agree').length,
  'skip',
  out.filter((o) => o.verdict === 'skip').length,
);
for (const o of out.filter((o) => o.verdict === 'disagree').slice(0, 30))
  console.log(describeOutcome(o), '\n', o.site.text);
