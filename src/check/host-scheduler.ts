/** How many rows a {@link HostScheduler} holds and runs at once. */
export interface SchedulerLimits {
  /** Rows running at once, over all hosts. */
  concurrency: number;
  /** Rows running at once on one host. */
  perHost: number;
  /** Rows held between being added and being delivered: the memory bound. */
  window: number;
  /** The clock pauses are measured on (milliseconds); a seam for tests. */
  now?: () => number;
}

/** One entry of the window: an item, the host it runs on, and what running it produced. */
export interface Slot<Item, Done> {
  readonly item: Item;
  /** Empty for an item that is not run (delivered as it is). */
  readonly host: string;
  state: 'pending' | 'running' | 'done';
  done?: Done;
  /** Not delivered: stopped before it ran, or while it ran. */
  dropped?: boolean;
}

/**
 * The bookkeeping of a bounded, per-host-fair run that delivers in input order: a window of items in input order,
 * how many run overall and on each host, which hosts are paused (a 429 asked them to slow down), and one pending
 * wake-up for the loop that drives it.
 *
 * It starts nothing itself: {@link dispatch} says which items may start now, the caller runs them and reports back
 * with {@link finish}. Every change that may let the loop go on (an item added or finished, a pause over) rings
 * {@link notify}; the loop waits with {@link news}.
 */
export class HostScheduler<Item, Done> {
  private readonly window: Array<Slot<Item, Done>> = [];
  private readonly running = new Map<string, number>();
  private readonly pausedUntil = new Map<string, number>();
  private readonly now: () => number;
  private active = 0;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private woken = false;

  constructor(private readonly limits: SchedulerLimits) {
    this.now = limits.now ?? Date.now;
  }

  /** Whether the window has room for another item. */
  get hasRoom(): boolean {
    return this.window.length < this.limits.window;
  }

  /** Whether every item added has been delivered. */
  get isEmpty(): boolean {
    return this.window.length === 0;
  }

  /** Items running now, over all hosts. */
  get activeCount(): number {
    return this.active;
  }

  /** Adds an item at the end of the window: to run on `host`, or, without a host, to be delivered as it is. */
  add(item: Item, host?: string): Slot<Item, Done> {
    const slot: Slot<Item, Done> =
      host === undefined ? { item, host: '', state: 'done' } : { item, host, state: 'pending' };
    this.window.push(slot);
    this.notify();
    return slot;
  }

  /**
   * Marks as running, and returns, every pending item that has a free place overall and on its host and whose host
   * is not paused, oldest first; arms a wake-up for when the earliest pause ends.
   */
  dispatch(): Array<Slot<Item, Done>> {
    const now = this.now();
    let nextResume = Number.POSITIVE_INFINITY;
    const started: Array<Slot<Item, Done>> = [];
    for (const slot of this.window) {
      if (this.active >= this.limits.concurrency) break;
      if (slot.state !== 'pending' || (this.running.get(slot.host) ?? 0) >= this.limits.perHost) continue;
      const resume = this.pausedUntil.get(slot.host);
      if (resume !== undefined && resume > now) {
        nextResume = Math.min(nextResume, resume);
        continue;
      }
      slot.state = 'running';
      this.active++;
      this.running.set(slot.host, (this.running.get(slot.host) ?? 0) + 1);
      started.push(slot);
    }
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = Number.isFinite(nextResume) ? setTimeout(() => this.notify(), nextResume - now + 1) : undefined;
    return started;
  }

  /** Records what a running item produced; a `dropped` one is not delivered. */
  finish(slot: Slot<Item, Done>, done: Done, dropped = false): void {
    slot.done = done;
    slot.state = 'done';
    if (dropped) slot.dropped = true;
    this.active--;
    this.running.set(slot.host, (this.running.get(slot.host) ?? 1) - 1);
    this.notify();
  }

  /** Starts no item on `host` for `ms` (a longer pause already set stands). */
  pause(host: string, ms: number): void {
    const until = this.now() + ms;
    this.pausedUntil.set(host, Math.max(this.pausedUntil.get(host) ?? 0, until));
  }

  /** Gives up every item not started yet: none of them will be delivered. */
  dropPending(): void {
    for (const slot of this.window) {
      if (slot.state === 'pending') {
        slot.state = 'done';
        slot.dropped = true;
      }
    }
  }

  /**
   * Takes the finished items at the head of the window, in input order, dropped ones included (the caller skips
   * them); stops at the first item not finished.
   */
  *deliver(): Generator<Slot<Item, Done>> {
    while (this.window[0]?.state === 'done') yield this.window.shift()!;
  }

  /** Lets the loop go round: resolves the pending {@link news}, or the next one if none is pending. */
  readonly notify = (): void => {
    if (this.wake === undefined) {
      this.woken = true;
      return;
    }
    const resolve = this.wake;
    this.wake = undefined;
    resolve();
  };

  /** Resolves at the next {@link notify}, or at once if one came since the last wait. */
  news(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  /** Disarms the pause wake-up; call when the run ends. */
  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
