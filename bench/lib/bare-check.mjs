// The bare loop as a command, as someone would run it on a list instead of `hoplens check`: a process of its own that
// reads the list, traces every URL with `concurrency` in flight and prints each final status, like xargs+curl's -w.
// Usage: node bare-check.mjs LIST CONCURRENCY
import { readFileSync } from 'node:fs';
import { createBareTracer } from './bare-loop.mjs';

const [list, concurrency = '50'] = process.argv.slice(2);
const urls = readFileSync(list, 'utf8').split('\n').filter(Boolean);
const tracer = createBareTracer();
let next = 0;
const out = [];
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (next < urls.length) {
      const url = urls[next++];
      out.push(`${await tracer.trace(url)} ${url}\n`);
    }
  }),
);
process.stdout.write(out.join(''));
await tracer.agent.close();
