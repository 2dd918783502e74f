/**
 * How fast the crawl asks each host: at most `perHost` requests at once, one at a time and `Crawl-delay` apart when
 * robots.txt asks for a delay, none before a 429's or 503's `Retry-After` has passed (RFC 9110 §10.2.3), and at most
 * `rate` requests a second over all hosts (`--rate`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PacingGate } from './shared-limits.js';

interface HostState {
  active: number;
  /** The earliest the next request may start (Crawl-delay, Retry-After). */
  notBefore: number;
  waiters: Array<() => void>;
}

export interface PacerSettings {
  readonly perHost: number;
  /** Requests per second over all hosts; undefined: no cap. */
  readonly rate?: number | undefined;
  readonly now?: () => number;
  /** The same limits held with the other workers of a shared crawl, entered after this process's own turn. */
  readonly gate?: PacingGate | undefined;
}

export class HostPacer {
  private readonly hosts = new Map<string, HostState>();
  private readonly now: () => number;
  private nextGlobal = 0;

  constructor(private readonly settings: PacerSettings) {
    this.now = settings.now ?? Date.now;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (state === undefined) {
      state = { active: 0, notBefore: 0, waiters: [] };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** Waits for a turn on `host` (and under the rate cap); resolves with the function that ends the turn. */
  async acquire(host: string, delayMs: number | undefined, signal?: AbortSignal): Promise<() => void> {
    const state = this.state(host);
    const limit = delayMs === undefined ? this.settings.perHost : 1;
    for (;;) {
      signal?.throwIfAborted();
      const wait = state.notBefore - this.now();
      if (state.active < limit && wait <= 0) break;
      if (state.active >= limit) await new Promise<void>((resolve) => state.waiters.push(resolve));
      else await sleep(wait, undefined, { signal });
    }
    state.active++;
    const leave = () => {
      state.active--;
      state.waiters.shift()?.();
    };
    if (delayMs !== undefined) state.notBefore = Math.max(state.notBefore, this.now() + delayMs);
    try {
      await this.underRate(signal);
      const shared = await this.settings.gate?.enter(host, limit, signal);
      return () => {
        shared?.();
        leave();
      };
    } catch (error) {
      leave();
      throw error;
    }
  }

  private async underRate(signal: AbortSignal | undefined): Promise<void> {
    const rate = this.settings.rate;
    if (rate === undefined) return;
    const now = this.now();
    const at = Math.max(now, this.nextGlobal);
    this.nextGlobal = at + 1000 / rate;
    if (at > now) await sleep(at - now, undefined, { signal });
  }

  /** No request to `host` before `until` (epoch ms): a 429 or 503 asked to wait. */
  pause(host: string, until: number): void {
    const state = this.state(host);
    state.notBefore = Math.max(state.notBefore, until);
  }
}

/** A `Retry-After` value (seconds, or an HTTP date) as the epoch ms to wait until; `fallbackMs` from now without one. */
export function retryAfter(value: string | undefined, now: number, fallbackMs: number): number {
  if (value !== undefined) {
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed)) return now + Number(trimmed) * 1000;
    const date = Date.parse(trimmed);
    if (!Number.isNaN(date)) return Math.max(now, date);
  }
  return now + fallbackMs;
}
