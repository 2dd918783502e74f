import fc from 'fast-check';
import { runBatch } from './nginx-batch.js';
import { batch } from './nginx-shrink.js';

const counts = new Map<string, number>();
for (const sites of fc.sample(batch, { seed: 4242, numRuns: 10 })) {
  for (const o of await runBatch(sites))
    if ('skipped' in o.prediction) {
      const k = o.prediction.skipped
        .replace(/^line \d+: /, '')
        .replace(/\$\w+/, '$X')
        .replace(/@\w+/, '@x')
        .slice(0, 80);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
}
console.log([...counts].sort((a, b) => b[1] - a[1]));
