// Render target for the benchmark, run in its own process: GET /js/<id> is an HTML page whose script sends the browser
// on to /landing/<id> (a JavaScript redirect, visible only by rendering); /landing/<id> answers 200 text/plain.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const [, kind, id = '0'] = url.pathname.split('/');
  if (kind === 'js') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>${id}</title></head><body><p>Moved.</p>` +
        `<script>var to = '/landing/' + ${JSON.stringify(id)}; location.href = to;</script></body></html>`,
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('landed');
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
