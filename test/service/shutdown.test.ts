import { Pool, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { until } from '../helpers/polling.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { analyzePath } from '../helpers/service.js';
import { runServiceToExit, useServiceProcess } from '../helpers/service-process.js';

const { start: service, cleanups } = useServiceProcess();

/** A target answering each request after `delayMs`, or never when `delayMs` is Infinity. */
async function slowTarget(delayMs: number): Promise<TestServer> {
  const target = await startServer((_req, res) => {
    if (Number.isFinite(delayMs)) setTimeout(() => res.end('finally'), delayMs);
  });
  cleanups.push(() => target.close());
  return target;
}

async function refusesConnections(origin: string): Promise<boolean> {
  try {
    const response = await request(`${origin}/healthz`, { reset: true });
    await response.body.dump();
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ECONNREFUSED';
  }
}

describe('the service process (node dist/service/main.js)', () => {
  it('runs with nothing configured, and stops cleanly on SIGINT', async () => {
    const running = await service({ HOPLENS_ALLOW_NETWORKS: '' });
    const health = await request(`${running.origin}/healthz`);
    expect(health.statusCode).toBe(200);
    expect(await health.body.json()).toEqual({ status: 'ok' });
    running.child.kill('SIGINT');
    expect(await running.exited).toEqual({ code: 0, signal: null });
  });

  it('on SIGTERM stops accepting, lets in-flight analyses finish, and exits 0', async () => {
    const target = await slowTarget(1500);
    const running = await service({ HOPLENS_SHUTDOWN_GRACE_MS: '10000' });
    const pool = new Pool(running.origin, { connections: 5 });
    cleanups.push(() => pool.destroy());
    const path = analyzePath({ url: `${target.origin}/slow` });
    const inFlight = Array.from({ length: 5 }, () =>
      pool.request({ method: 'GET', path }).then(async (response) => ({
        status: response.statusCode,
        connection: response.headers.connection,
        body: (await response.body.json()) as { success: boolean },
      })),
    );
    await until(() => target.requests.length === 5);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    await until(() => running.logs.some((line) => String(line.msg).startsWith('shutting down')));
    // No new connections once shutdown has begun.
    expect(await refusesConnections(running.origin)).toBe(true);
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      expect(answer.connection).toBe('close');
    }
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(8000);
    expect(running.logs.some((line) => line.msg === 'shut down cleanly')).toBe(true);
    expect(running.logs.filter((line) => line.event === 'analysis' && line.status === 200)).toHaveLength(5);
  });

  it('cuts analyses off with 503 SHUTTING_DOWN when the grace period ends, and still exits 0', async () => {
    const target = await slowTarget(Number.POSITIVE_INFINITY);
    const running = await service({ HOPLENS_SHUTDOWN_GRACE_MS: '500' });
    const path = analyzePath({ url: `${target.origin}/forever`, timeout: '30000' });
    const pending = Array.from({ length: 3 }, () =>
      request(`${running.origin}${path}`).then(async (response) => ({
        status: response.statusCode,
        retryAfter: response.headers['retry-after'],
        body: (await response.body.json()) as { error: { code: string }; chain?: unknown[] },
      })),
    );
    await until(() => target.requests.length === 3);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    for (const answer of await Promise.all(pending)) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBeDefined();
      expect(answer.body.error.code).toBe('SHUTTING_DOWN');
      expect(answer.body.chain).toEqual([]);
    }
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(4000);
  });

  it('refuses to start on a bad variable, naming it', async () => {
    const result = await runServiceToExit({ HOPLENS_RATE_LIMIT_PER_MINUTE: 'abc' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HOPLENS_RATE_LIMIT_PER_MINUTE');
    expect(result.stderr).toContain('must be an integer');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
