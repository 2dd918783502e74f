import { describe, expect, it } from 'vitest';
import { HoplensError } from '../../src/core/errors.js';
import { ConcurrencyGate } from '../../src/service/concurrency-gate.js';
import type { ServiceError } from '../../src/service/errors.js';

const settled = async <T>(promise: Promise<T>) => {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('ConcurrencyGate', () => {
  it('admits up to the limit at once, then makes callers wait for a release, in arrival order', async () => {
    const gate = new ConcurrencyGate({ limit: 2, maxQueue: 10, timeoutMs: 5000 });
    const first = await gate.acquire();
    await gate.acquire();
    const third = gate.acquire();
    const fourth = gate.acquire();
    expect(gate.inFlight).toBe(2);
    expect(gate.waiting).toBe(2);
    expect(await settled(third)).toBe('pending');
    first();
    first(); // idempotent: must not free a second slot
    expect(await settled(third)).toBe('resolved');
    expect(await settled(fourth)).toBe('pending');
    expect(gate.inFlight).toBe(2);
    (await third)();
    (await fourth)();
    expect(gate.waiting).toBe(0);
  });

  it('refuses with OVERLOADED and a retryAfter when the wait times out', async () => {
    const gate = new ConcurrencyGate({ limit: 1, maxQueue: 10, timeoutMs: 50 });
    await gate.acquire();
    const started = Date.now();
    const error = await gate.acquire().catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(error).toBeInstanceOf(HoplensError);
    expect((error as HoplensError).code).toBe('OVERLOADED');
    expect((error as ServiceError).details.retryAfter).toBe(1);
    expect(gate.waiting).toBe(0);
  });

  it('refuses at once when the queue is full', async () => {
    const gate = new ConcurrencyGate({ limit: 1, maxQueue: 1, timeoutMs: 5000 });
    const release = await gate.acquire();
    const queued = gate.acquire();
    const started = Date.now();
    const error = await gate.acquire().catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(100);
    expect((error as HoplensError).code).toBe('OVERLOADED');
    release();
    (await queued)();
  });

  it('lets a waiter leave when its signal aborts, with the signal reason', async () => {
    const gate = new ConcurrencyGate({ limit: 1, maxQueue: 10, timeoutMs: 5000 });
    const release = await gate.acquire();
    const controller = new AbortController();
    const waiting = gate.acquire(controller.signal);
    const reason = new HoplensError('ABORTED', 'gone');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(gate.waiting).toBe(0);
    release();
    expect(gate.inFlight).toBe(0);
  });
});
