/**
 * Graceful shutdown of the real service process (`node dist/service/main.js`, what `npm start` runs): SIGTERM while
 * 50 slow analyses are in flight. Every one of them is answered in full, and the process exits 0 before the longest
 * per-hop timeout among them has passed.
 */
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { until } from '../helpers/polling.js';
import { startServer } from '../helpers/servers.js';
import { analyzePath } from '../helpers/service.js';
import { useServiceProcess } from '../helpers/service-process.js';

const IN_FLIGHT = 50;
const { start: serviceProcess, cleanups } = useServiceProcess();

describe('SIGTERM with 50 analyses in flight', () => {
  it('answers all 50 and exits 0 within the longest timeout', async () => {
    // `/slow/<ms>` answers after <ms>; the redirect hop makes each analysis two requests.
    const target = await startServer((req, res) => {
      const match = /^\/slow\/(\d+)$/.exec(req.url ?? '');
      if (match === null) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('landed');
        return;
      }
      const timer = setTimeout(() => {
        res.writeHead(302, { location: '/landing' });
        res.end();
      }, Number(match[1]));
      res.on('close', () => clearTimeout(timer));
    });
    cleanups.push(() => target.close());
    const service = await serviceProcess({
      HOPLENS_RATE_LIMIT_PER_MINUTE: '1000',
      HOPLENS_SHUTDOWN_GRACE_MS: '20000',
    });

    const pool = new Pool(service.origin, { connections: IN_FLIGHT });
    cleanups.push(() => pool.destroy());
    // Delays from 1 s to 2.5 s, per-hop timeouts from 3 s to 5 s: every analysis can finish, none instantly.
    const requests = Array.from({ length: IN_FLIGHT }, (_, i) => ({
      delay: 1000 + (i % 16) * 100,
      timeout: 3000 + (i % 3) * 1000,
    }));
    const longestTimeout = Math.max(...requests.map((entry) => entry.timeout));
    const answers = requests.map(({ delay, timeout }) =>
      pool
        .request({
          method: 'GET',
          path: analyzePath({ url: `${target.origin}/slow/${delay}`, timeout: String(timeout) }),
          headersTimeout: 15_000,
        })
        .then(async (response) => ({
          status: response.statusCode,
          body: (await response.body.json()) as {
            success: boolean;
            summary?: { finalStatus: number; totalHops: number };
          },
        })),
    );
    // All 50 are inside the service and waiting on the target.
    await until(() => target.requests.filter((path) => path.startsWith('/slow/')).length === IN_FLIGHT, 10_000);

    const signalled = performance.now();
    service.child.kill('SIGTERM');
    const settled = await Promise.all(answers);
    const exit = await service.exited;
    const exitMs = performance.now() - signalled;

    expect(settled.map((answer) => answer.status)).toEqual(Array(IN_FLIGHT).fill(200));
    for (const { body } of settled) {
      expect(body.success).toBe(true);
      expect(body.summary).toMatchObject({ finalStatus: 200, totalHops: 2 });
    }
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(longestTimeout);
    expect(service.logs.filter((line) => line.event === 'analysis' && line.status === 200)).toHaveLength(IN_FLIGHT);
    expect(service.logs.some((line) => line.msg === 'shut down cleanly')).toBe(true);
  }, 60_000);

  it('exits 0 on SIGTERM even when whoever read its log lines has gone (stdout is a broken pipe)', async () => {
    const service = await serviceProcess();
    // Close the reading end of the child's stdout: its next log line meets EPIPE.
    service.child.stdout?.destroy();
    const signalled = performance.now();
    service.child.kill('SIGTERM');
    const exit = await Promise.race([
      service.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 5000)),
    ]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(3000);
  }, 30_000);
});
