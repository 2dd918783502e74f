import { describe, expect, it } from 'vitest';
import { AbortControllerPool } from '../../src/service/abort-controller-pool.js';

describe('AbortControllerPool', () => {
  it('gives a clean controller out again', () => {
    const pool = new AbortControllerPool();
    const first = pool.take();
    pool.give(first);
    expect(pool.take()).toBe(first);
    expect(pool.take()).not.toBe(first);
  });

  it('never reuses an aborted controller: the next request would start aborted', () => {
    const pool = new AbortControllerPool();
    const aborted = pool.take();
    aborted.abort(new Error('client gone'));
    pool.give(aborted);
    const next = pool.take();
    expect(next).not.toBe(aborted);
    expect(next.signal.aborted).toBe(false);
  });

  it('keeps a controller whose signal still has a listener out of reuse, and takes it back once removed', () => {
    const pool = new AbortControllerPool();
    const held = pool.take();
    const listener = () => {};
    held.signal.addEventListener('abort', listener);
    pool.give(held);
    expect(pool.take()).not.toBe(held);
    held.signal.removeEventListener('abort', listener);
    pool.give(held);
    expect(pool.take()).toBe(held);
  });

  it('keeps no more than its bound', () => {
    const pool = new AbortControllerPool(2);
    const given = [pool.take(), pool.take(), pool.take()];
    for (const controller of given) pool.give(controller);
    const again = new Set([pool.take(), pool.take(), pool.take()]);
    expect(given.filter((controller) => again.has(controller))).toHaveLength(2);
  });
});
