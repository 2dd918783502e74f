// Timing target for the benchmark, run in its own process: GET /d/<ms> answers 200 after <ms> milliseconds;
// `?close=1` closes the connection after the answer so the next request must open a new one. Given a key and
// certificate (PEM, in BENCH_TLS_KEY and BENCH_TLS_CERT), it serves the same over HTTPS on a second port, and a
// handshake for the server name `hs-<ms>.<anything>` waits <ms> milliseconds before the ServerHello (the server
// picks its certificate only then). It prints `<http port> <https port>`.
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { performance } from 'node:perf_hooks';
import { createSecureContext } from 'node:tls';

// Node's timers fire a millisecond or two late; the target sleeps to just short of the delay, then yields turn by
// turn until it is exact, so that what the benchmark measures is hoplens's error, not the target's.
function after(ms, done) {
  const until = performance.now() + ms;
  const spin = () => (performance.now() >= until ? done() : setImmediate(spin));
  setTimeout(spin, Math.max(0, ms - 3));
}

function answer(req, res) {
  const url = new URL(req.url ?? '/', 'http://x');
  const delay = Number(url.pathname.split('/')[2] ?? 0);
  const close = url.searchParams.get('close') === '1';
  after(delay, () => {
    res.writeHead(200, { 'content-type': 'text/plain', connection: close ? 'close' : 'keep-alive' });
    res.end('ok');
  });
}

function listen(server) {
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

const servers = [createServer(answer)];
const { BENCH_TLS_KEY: key, BENCH_TLS_CERT: cert } = process.env;
if (key !== undefined && cert !== undefined) {
  const context = createSecureContext({ key, cert });
  const SNICallback = (name, done) => after(Number(/^hs-(\d+)\./.exec(name)?.[1] ?? 0), () => done(null, context));
  servers.push(createHttpsServer({ key, cert, SNICallback }, answer));
}
const ports = await Promise.all(servers.map(listen));
process.stdout.write(`${ports.join(' ')}\n`);
process.on('SIGTERM', () => {
  for (const server of servers) server.close();
  process.exit(0);
});
