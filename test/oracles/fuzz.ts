/**
 * Long runs of the generated differential suites: `npm run fuzz:rules -- FORMAT [--minutes N] [--seed S] [--runs R]`.
 * Each format's run seeds from `--seed` (default: a random one) until the time is up and adds every new disagreement,
 * shrunk, to test/oracles/corpus/FORMAT.json, which that format's generated suite replays in `npm test`.
 */
import { fuzzApache } from './apache-fuzz.js';
import { fuzzNetlify } from './netlify-fuzz.js';
import { type FuzzOptions, fuzzNginx } from './nginx-fuzz.js';
import { fuzzVercel } from './vercel-fuzz.js';

const FORMATS: Readonly<Record<string, (options: FuzzOptions) => Promise<void>>> = {
  nginx: fuzzNginx,
  apache: fuzzApache,
  netlify: fuzzNetlify,
  vercel: fuzzVercel,
};

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

const format = process.argv[2] ?? '';
const run = FORMATS[format];
if (run === undefined) {
  console.error(`usage: npm run fuzz:rules -- ${Object.keys(FORMATS).join('|')} [--minutes N] [--seed S] [--runs R]`);
  process.exitCode = 2;
} else {
  await run({
    minutes: option('minutes', 10),
    seed: option('seed', Math.floor(Math.random() * 1_000_000)),
    runs: option('runs', 10),
  });
}
