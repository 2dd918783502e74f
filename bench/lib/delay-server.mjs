// Timing target for the benchmark, run in its own process: GET /d/<ms> answers 200 after <ms> milliseconds;
// `?close=1` closes the connection after the answer so the next request must open a new one.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const delay = Number(url.pathname.split('/')[2] ?? 0);
  const close = url.searchParams.get('close') === '1';
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/plain', connection: close ? 'close' : 'keep-alive' });
    res.end('ok');
  }, delay);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
