/**
 * The load driver of the load test, run as its own process (`node --import tsx`), so that the burst of a thousand
 * requests and a thousand target responses does not stall the process that measures /healthz.
 *
 * It starts a target on 127.0.0.1 that answers every request after `delayMs`, prints `{"event":"target","origin"}`,
 * waits for a `go` line on stdin, sends `requests` concurrent analyses of the target to `service`, prints
 * `{"event":"done","statuses":{...},"codes":{...},"ms"}`, and exits (closing the target) on an `exit` line or when
 * stdin ends.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';

const [service, requestsText, delayText] = process.argv.slice(2);
if (service === undefined || requestsText === undefined || delayText === undefined) {
  process.stderr.write('usage: load-driver <service origin> <requests> <delayMs>\n');
  process.exit(2);
}
const requests = Number(requestsText);
const delayMs = Number(delayText);

const target = createServer((_req, res) => {
  const timer = setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    res.end('slow');
  }, delayMs);
  res.on('close', () => clearTimeout(timer));
});
target.listen(0, '127.0.0.1');
await new Promise((resolve) => target.once('listening', resolve));
const origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

const say = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function run(): Promise<void> {
  const pool = new Pool(service as string, { connections: requests, pipelining: 1 });
  const path = `/api/analyze?url=${encodeURIComponent(`${origin}/slow`)}&timeout=10000`;
  const statuses: Record<string, number> = {};
  const codes: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: requests }, async () => {
      try {
        const response = await pool.request({ method: 'GET', path, headersTimeout: 60_000, bodyTimeout: 60_000 });
        const body = (await response.body.json()) as { success?: boolean; error?: { code?: string } };
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const code = body.error?.code ?? (body.success === true ? 'success' : 'unknown');
        codes[code] = (codes[code] ?? 0) + 1;
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'client error';
        statuses.failed = (statuses.failed ?? 0) + 1;
        codes[code] = (codes[code] ?? 0) + 1;
      }
    }),
  );
  const ms = performance.now() - started;
  await pool.close();
  say({ event: 'done', statuses, codes, ms });
}

const lines = createInterface({ input: process.stdin });
const finish = () => {
  target.closeAllConnections();
  target.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
lines.on('line', (line) => {
  if (line.trim() === 'go') void run();
  else if (line.trim() === 'exit') finish();
});
lines.on('close', finish);
say({ event: 'target', origin });
