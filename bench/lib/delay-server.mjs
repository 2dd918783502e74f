// Timing target for the benchmark, run in its own process: GET /d/<ms> answers 200 after <ms> milliseconds;
// `?close=1` closes the connection after the answer so the next request must open a new one.
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

// Node's timers fire a millisecond or two late; the target sleeps to just short of the delay, then yields turn by
// turn until it is exact, so that what the benchmark measures is hoplens's error, not the target's.
function after(ms, done) {
  const until = performance.now() + ms;
  const spin = () => (performance.now() >= until ? done() : setImmediate(spin));
  setTimeout(spin, Math.max(0, ms - 3));
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const delay = Number(url.pathname.split('/')[2] ?? 0);
  const close = url.searchParams.get('close') === '1';
  after(delay, () => {
    res.writeHead(200, { 'content-type': 'text/plain', connection: close ? 'close' : 'keep-alive' });
    res.end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
