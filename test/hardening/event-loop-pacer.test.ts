/**
 * The event-loop pacer spreads a burst of analyses (starting, answering, refused) over event-loop turns, so that I/O such
 * as a /healthz probe is served between them. The load test measures the effect end to end; this pins the mechanism.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EventLoopPacer } from '../../src/service/event-loop-pacer.js';

describe('EventLoopPacer', () => {
  it('lets `perTurn` callers through at once, and the rest in later turns, in arrival order', async () => {
    const pacer = new EventLoopPacer(4);
    const order: number[] = [];
    let turn = 0;
    const turns: number[] = [];
    const tick = () => {
      turn++;
      if (turn < 50) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pacer.waitTurn().then(() => {
          order.push(i);
          turns.push(turn);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // 4 now, 4 a turn later, 2 a turn after that.
    expect(turns.filter((t) => t === turns[0]!)).toHaveLength(4);
    expect(new Set(turns).size).toBe(3);
    expect(pacer.waiting).toBe(0);
  });

  it('serves I/O between turns: a request to a local server completes while a long burst is still waiting', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const pacer = new EventLoopPacer(1);
      let passed = 0;
      let passedWhenAnswered = -1;
      const answered = new Promise<void>((resolve) => {
        request({ port, host: '127.0.0.1', path: '/' }, (res) => {
          res.resume();
          res.on('end', () => {
            passedWhenAnswered = passed;
            resolve();
          });
        }).end();
      });
      // Each pass does a little synchronous work, like an analysis starting.
      const burst = Array.from({ length: 2000 }, () =>
        pacer.waitTurn().then(() => {
          passed++;
          const until = performance.now() + 0.05;
          while (performance.now() < until) {
            // busy
          }
        }),
      );
      await answered;
      await Promise.all(burst);
      expect(passedWhenAnswered).toBeGreaterThanOrEqual(0);
      expect(passedWhenAnswered).toBeLessThan(2000);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('stays idle when unused, and refuses a budget below 1', async () => {
    const pacer = new EventLoopPacer(2);
    await pacer.waitTurn();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pacer.waiting).toBe(0);
    // No immediate left behind to keep the process busy.
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'Immediate')).toEqual([]);
    expect(() => new EventLoopPacer(0)).toThrow(RangeError);
  });
});
