// Child of bench/workloads/logs.ts: counts one log with hoplens's countTraffic (the built library) and writes what it
// counted to a JSON file, so that the parent checks hoplens read every line; the parent times it and reads its peak
// RSS through GNU time.
import { writeFileSync } from 'node:fs';

const { countTraffic } = await import(new URL('../../dist/inputs/logs/index.js', import.meta.url).href);
const [log, baseUrl, out] = process.argv.slice(2);
const table = await countTraffic([{ kind: 'log', path: log }], { baseUrl });
writeFileSync(out, JSON.stringify({ lines: table.lines, counted: table.counted, urls: table.entries.length }));
