import { afterEach, describe, expect, it } from 'vitest';
import { HostScheduler, type Slot } from '../../src/check/host-scheduler.js';

type TestSlot = Slot<string, number>;
const names = (slots: TestSlot[]) => slots.map((slot) => slot.item);

const schedulers: Array<HostScheduler<string, number>> = [];
function scheduler(limits: { concurrency: number; perHost: number; window?: number; now?: () => number }) {
  const made = new HostScheduler<string, number>({ window: 100, ...limits });
  schedulers.push(made);
  return made;
}
afterEach(() => {
  for (const made of schedulers.splice(0)) made.close();
});

/** Resolves with whether `promise` settled within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe('HostScheduler', () => {
  it('starts items oldest first within the overall and the per-host limit', () => {
    const s = scheduler({ concurrency: 3, perHost: 2 });
    for (const [item, host] of [
      ['a1', 'a'],
      ['a2', 'a'],
      ['a3', 'a'],
      ['b1', 'b'],
      ['c1', 'c'],
    ]) {
      s.add(item!, host);
    }
    const first = s.dispatch();
    // a3 waits for its host; b1 takes the third place; c1 finds no place left.
    expect(names(first)).toEqual(['a1', 'a2', 'b1']);
    expect(s.activeCount).toBe(3);
    expect(names(s.dispatch())).toEqual([]);

    s.finish(first[0]!, 1);
    expect(names(s.dispatch())).toEqual(['a3']);
    s.finish(first[2]!, 3);
    expect(names(s.dispatch())).toEqual(['c1']);
  });

  it('delivers in input order: a finished item waits behind an unfinished older one', () => {
    const s = scheduler({ concurrency: 4, perHost: 4 });
    s.add('r1', 'h');
    s.add('note'); // no host: passed through as it is
    s.add('r2', 'h');
    const [r1, r2] = s.dispatch();
    s.finish(r2!, 2);
    expect([...s.deliver()]).toEqual([]);
    s.finish(r1!, 1);
    expect([...s.deliver()].map((slot) => [slot.item, slot.done])).toEqual([
      ['r1', 1],
      ['note', undefined],
      ['r2', 2],
    ]);
    expect(s.isEmpty).toBe(true);
  });

  it('has room until the window is full, and again once the head is delivered', () => {
    const s = scheduler({ concurrency: 1, perHost: 1, window: 2 });
    s.add('x');
    expect(s.hasRoom).toBe(true);
    s.add('y', 'h');
    expect(s.hasRoom).toBe(false);
    expect(names([...s.deliver()])).toEqual(['x']);
    expect(s.hasRoom).toBe(true);
  });

  it('starts nothing on a paused host until the pause is over, other hosts going on', () => {
    let now = 1_000;
    const s = scheduler({ concurrency: 4, perHost: 4, now: () => now });
    s.add('a1', 'a');
    s.add('b1', 'b');
    s.pause('a', 500);
    // A shorter pause does not cut a longer one short.
    s.pause('a', 100);
    expect(names(s.dispatch())).toEqual(['b1']);
    now = 1_499;
    expect(names(s.dispatch())).toEqual([]);
    now = 1_500;
    expect(names(s.dispatch())).toEqual(['a1']);
  });

  it('wakes the loop when a pause ends', async () => {
    const s = scheduler({ concurrency: 1, perHost: 1 });
    s.add('a1', 'a'); // rings once: take that news first
    await s.news();
    s.pause('a', 40);
    const started = Date.now();
    expect(s.dispatch()).toEqual([]);
    await s.news();
    expect(Date.now() - started).toBeGreaterThanOrEqual(39);
    expect(names(s.dispatch())).toEqual(['a1']);
  });

  it('keeps a notify that came before the wait, and waits when there is no news', async () => {
    const s = scheduler({ concurrency: 1, perHost: 1 });
    s.notify();
    expect(await settlesWithin(s.news(), 50)).toBe(true);
    const waiting = s.news();
    expect(await settlesWithin(waiting, 30)).toBe(false);
    s.notify();
    expect(await settlesWithin(waiting, 50)).toBe(true);
  });

  it('drops pending items and items finished as dropped, delivering the rest', () => {
    const s = scheduler({ concurrency: 1, perHost: 1 });
    s.add('r1', 'h');
    s.add('r2', 'h');
    const [r1] = s.dispatch();
    s.dropPending();
    s.finish(r1!, 1, true);
    expect([...s.deliver()].map((slot) => [slot.item, slot.dropped])).toEqual([
      ['r1', true],
      ['r2', true],
    ]);
    expect(s.activeCount).toBe(0);
  });
});
