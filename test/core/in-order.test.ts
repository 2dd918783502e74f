/**
 * `inOrder`: work a few at a time, delivered in the items' order as soon as each and those before it are done (how
 * `hoplens URL...` prints chains and the MCP `check` tool runs rows). Seeded random finishing orders stand for
 * servers answering at different speeds; no timing decides a verdict.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inOrder } from '../../src/core/index.js';

/** Work whose promises are settled by the test, in an order it chooses. */
function controlledWork() {
  const waiting = new Map<number, (value: string) => void>();
  let running = 0;
  let most = 0;
  const work = (item: number) =>
    new Promise<string>((resolve) => {
      running++;
      most = Math.max(most, running);
      waiting.set(item, (value) => {
        running--;
        resolve(value);
      });
    });
  return { work, waiting, most: () => most };
}

const ticks = () => new Promise((resolve) => setImmediate(resolve));

describe('inOrder', () => {
  it('delivers in the items’ order whatever order the work finishes in, never running more than asked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 6 }),
        fc.infiniteStream(fc.nat()),
        async (count, concurrency, picks) => {
          const items = Array.from({ length: count }, (_, i) => i);
          const { work, waiting, most } = controlledWork();
          const delivered: Array<[string, number]> = [];
          const finished: number[] = [];
          const run = inOrder(items, concurrency, work, {
            deliver: async (result, index) => void delivered.push([result, index]),
            finished: async (n) => void finished.push(n),
          });
          const pick = picks[Symbol.iterator]();
          for (let settled = 0; settled < count; settled++) {
            await ticks();
            const keys = [...waiting.keys()];
            const key = keys[pick.next().value % keys.length]!;
            waiting.get(key)!(`r${key}`);
            waiting.delete(key);
          }
          const results = await run;
          expect(results).toEqual(items.map((i) => `r${i}`));
          expect(delivered).toEqual(items.map((i) => [`r${i}`, i]));
          expect(finished).toEqual(items.map((i) => i + 1));
          expect(most()).toBeLessThanOrEqual(concurrency);
        },
      ),
      { seed: 4307, numRuns: 60 },
    );
  });

  it('stops starting and delivering once the signal aborts, and waits for what was started', async () => {
    const stop = new AbortController();
    const started: number[] = [];
    const results = await inOrder(
      [0, 1, 2, 3, 4, 5],
      2,
      async (item) => {
        started.push(item);
        await ticks();
        return item;
      },
      {
        deliver: async (result) => {
          if (result === 1) stop.abort();
        },
        signal: stop.signal,
      },
    );
    expect(results).toEqual([0, 1]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('rejects with the first failure in order, a later failure meanwhile being no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const run = inOrder([0, 1, 2], 3, async (item) => {
        if (item === 2) throw new Error('third');
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (item === 1) throw new Error('second');
        return item;
      });
      await expect(run).rejects.toThrow('second');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
