// The analysing process of the render workload, in a process of its own so that its memory is measured apart from the
// benchmark's: an Analyzer with a ChromiumRenderer at its default concurrency (as the service would hold), running
// `count` analyses of /js/<i> with `callers` in flight. Usage: render-client.mjs <origin> <count> <callers> <render>
// Prints one JSON line: { seconds, analyses, hops, incomplete, ownCpuMs } (incomplete: renders that said they did not
// finish; ownCpuMs: this process's CPU, user + system, warm-up included, without Chromium's).
import { performance } from 'node:perf_hooks';
import { Analyzer, ChromiumRenderer } from '../../dist/index.js';

const [origin, countText, callersText, renderText] = process.argv.slice(2);
const count = Number(countText);
const callers = Number(callersText);
const render = renderText === 'true';
const analyzer = new Analyzer({ renderer: new ChromiumRenderer() });
const options = { allowNetworks: ['127.0.0.0/8'], render, renderWait: 3000 };

async function run(total, offset) {
  let next = 0;
  let hops = 0;
  let incomplete = 0;
  const worker = async () => {
    while (next < total) {
      const i = offset + next++;
      const result = await analyzer.analyze(`${origin}/js/${i}`, options);
      hops += result.chain.length;
      if (result.summary.renderIncomplete !== undefined) incomplete++;
    }
  };
  await Promise.all(Array.from({ length: callers }, worker));
  return { hops, incomplete };
}

// Warm up: the browser's launch, the JIT and the connection pool are not what is measured.
await run(Math.min(10, count), 1_000_000);
const started = performance.now();
const { hops, incomplete } = await run(count, 0);
const seconds = (performance.now() - started) / 1000;
await analyzer.close();
const cpu = process.cpuUsage();
const ownCpuMs = Math.round((cpu.user + cpu.system) / 1000);
process.stdout.write(`${JSON.stringify({ seconds, analyses: count, hops, incomplete, ownCpuMs })}\n`);
