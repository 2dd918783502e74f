// Runs commands interleaved (A, B, C, A, B, C, ...) N times each and prints each one's median wall time and CPU time
// (user + system, from GNU time), and their ratios to the first command: how two builds of hoplens are compared on a
// machine whose speed drifts between runs (BENCHMARKS.md, "Start-up and the bulk check profiled again").
// Usage: node bench/interleaved.mjs N -- COMMAND A... -- COMMAND B... [-- ...]   (needs /usr/bin/time)
import { spawnSync } from 'node:child_process';

const [count, ...rest] = process.argv.slice(2);
const runs = Number(count);
const commands = rest
  .join(' ')
  .split(/(?:^| )-- /)
  .map((text) => text.trim())
  .filter((text) => text !== '')
  .map((text) => text.split(' '));
if (!Number.isInteger(runs) || runs < 1 || commands.length === 0) {
  console.error('usage: node bench/interleaved.mjs N -- COMMAND A... -- COMMAND B...');
  process.exit(2);
}
const wall = commands.map(() => []);
const cpu = commands.map(() => []);
for (let run = 0; run < runs; run++) {
  commands.forEach((command, index) => {
    const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S', ...command], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 600_000,
    });
    const [seconds, user, system] = result.stderr.trim().split('\n').pop().split(' ').map(Number);
    wall[index].push(seconds);
    cpu[index].push(user + system);
  });
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
commands.forEach((command, index) => {
  const w = median(wall[index]);
  const c = median(cpu[index]);
  const ratio = (value, first) => `${(value / first).toFixed(3)}×`;
  console.log(
    `wall ${w.toFixed(2)} s ${ratio(w, median(wall[0]))}  cpu ${c.toFixed(2)} s ${ratio(c, median(cpu[0]))}  ${command.join(' ')}`,
  );
});
