/**
 * `hoplens serve`, spawned from the built binary (dist/cli/main.js): the service of `npm start` with the same
 * environment, `--port`/`--host` over PORT/HOST, usage errors for bad values, and a clean stop on SIGTERM or SIGINT.
 */
import { createServer } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { assertBuilt, BIN, ROOT, spawnCli } from '../helpers/cli.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const cleanups = cleanupAfterEach();
let target: TestServer;

beforeAll(async () => {
  assertBuilt();
  target = await startRedirectServer({
    '/old': { status: 301, location: '/new' },
    '/new': { status: 200, body: 'new' },
  });
});

afterAll(async () => {
  await target.close();
});

/** `hoplens serve` with loopback targets allowed, killed after the test if it is still running. */
async function serve(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const started = await startServe({
    command: process.execPath,
    args: [BIN, 'serve', ...args],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8', ...env },
  });
  cleanups.push(() => started.kill());
  return started;
}

/** The JSON log lines written to stdout so far. */
function logLines(service: ServeProcess): Array<Record<string, unknown>> {
  return service
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

// Each test starts a process that may take many seconds to listen on a loaded machine (test/helpers/serve-process.ts).
describe('hoplens serve (spawned)', { timeout: 90_000 }, () => {
  it('serves /healthz and /api/analyze on the --port/--host given, and exits 0 after SIGTERM', async () => {
    const service = await serve(['--port', '0', '--host', '127.0.0.1']);
    expect(service.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.origin).not.toMatch(/:0$/);
    const health = await request(`${service.origin}/healthz`);
    expect(health.statusCode).toBe(200);
    expect(await health.body.json()).toEqual({ status: 'ok' });

    const analysis = await request(`${service.origin}/api/analyze?url=${encodeURIComponent(`${target.origin}/old`)}`);
    expect(analysis.statusCode).toBe(200);
    const body = (await analysis.body.json()) as { success: boolean; chain: Array<{ url: string; status: number }> };
    expect(body.success).toBe(true);
    expect(body.chain.map((hop) => [hop.url, hop.status])).toEqual([
      [`${target.origin}/old`, 301],
      [`${target.origin}/new`, 200],
    ]);

    service.child.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    const messages = logLines(service).map((line) => line.msg);
    expect(messages).toContain(`Server listening at ${service.origin}`);
    expect(messages).toContain('shut down cleanly');
  });

  it('reads the service environment, --port winning over PORT, and stops on SIGINT (Ctrl-C) with 0', async () => {
    // PORT is not even valid: the flag replaces it. LOG_LEVEL comes from the environment as for `npm start`.
    const service = await serve(['--port', '0'], { PORT: 'not-a-port', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    expect(service.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await request(`${service.origin}/healthz`)).statusCode).toBe(200);
    service.child.kill('SIGINT');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    // At warn, neither the listening line nor the clean shutdown (both info) is logged.
    expect(service.stdout()).toBe('');
  });

  it('keeps serving when the reader of its log lines goes away, and still stops on SIGTERM', async () => {
    const service = await serve(['--port', '0', '--host', '127.0.0.1']);
    service.child.stdout?.destroy();
    // Each analysis logs a line to the closed pipe: EPIPE, which ends `hoplens URL` but must not end the service.
    for (let i = 0; i < 3; i++) {
      const response = await request(`${service.origin}/api/analyze?url=${encodeURIComponent(`${target.origin}/new`)}`);
      await response.body.dump();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await request(`${service.origin}/healthz`)).statusCode).toBe(200);
    service.child.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });

  it('refuses a bad --port or a bad variable as a usage error (exit 2), naming it, before listening', async () => {
    const port = await spawnCli(['serve', '--port', '70000']);
    expect(port.code).toBe(2);
    expect(port.stderr).toBe('hoplens: --port must be an integer from 0 to 65535, got "70000"\n');

    const env = await spawnCli(['serve', '--port', '0'], { env: { HOPLENS_RATE_LIMIT_PER_MINUTE: 'abc' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('invalid configuration: HOPLENS_RATE_LIMIT_PER_MINUTE: must be an integer');
    expect(env.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 1 with the reason when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const { port } = taken.address() as { port: number };
    const result = await spawnCli(['serve', '--port', String(port), '--host', '127.0.0.1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`hoplens: could not listen on 127.0.0.1 port ${port}: `);
    expect(result.stderr).toContain('EADDRINUSE');
    // Said once, in one line: no JSON log line with a stack trace on stdout besides it (issue 23).
    expect(result.stdout).not.toContain('could not listen');
    expect(result.stdout).not.toMatch(/\n\s+at |"stack"/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
