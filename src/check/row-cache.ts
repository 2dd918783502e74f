import { createHash } from 'node:crypto';
import { type AnalysisResult, type Hop, HoplensError, isHoplensError } from '../core/index.js';
import type { CheckRow } from '../inputs/index.js';
import type { Attempt, RowOutcome } from './result.js';

/** The most entries a cache keeps: past it, the oldest checks are dropped first. */
export const MAX_CACHE_ENTRIES = 1_000_000;

/** One remembered check: when it ran, how it ended, and what the analysis answered (or the error it failed with). */
export interface CacheEntry {
  /** When the row was checked, in ms since the epoch. */
  at: number;
  outcome: RowOutcome;
  result?: AnalysisResult;
  /** The error a failed analysis ended with, and the hops it made before it. */
  error?: { code: string; message: string; chain?: Hop[] };
}

/** How a run's cache answers: how old an answer may be, whether failures are answered too, and the clock. */
export interface RowCacheSettings {
  /** The oldest answer used, in ms. */
  maxAgeMs: number;
  /** `--cache-failures`: failed and errored rows are answered from the cache too, not only passing ones. */
  failures: boolean;
  /**
   * What else decides a row's answer besides its own fields: the request options and the judging settings, in one
   * string (the face's), so that a check made with other options is never taken for this one.
   */
  context: string;
  /** Capacity (default {@link MAX_CACHE_ENTRIES}), smaller in tests. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Earlier rows' answers, by row: a row whose source, expectation and options match a passing check younger than the
 * maximum age is answered from here instead of the network (lychee's `--cache`, `.lycheecache`). Kept in insertion
 * order, oldest first, so that the oldest are dropped first past the capacity.
 */
export class RowCache {
  readonly entries = new Map<string, CacheEntry>();
  private readonly now: () => number;
  private readonly maxEntries: number;

  constructor(private readonly settings: RowCacheSettings) {
    this.now = settings.now ?? Date.now;
    this.maxEntries = settings.maxEntries ?? MAX_CACHE_ENTRIES;
  }

  /** The key of a row: what it asks (source, target, status and the rest of its row) under the run's context. */
  key(row: CheckRow): string {
    const { line: _line, extra: _extra, ...asked } = row;
    return createHash('sha256').update(this.settings.context).update('\0').update(JSON.stringify(asked)).digest('hex');
  }

  /** Whether an entry may still answer: young enough, and passing unless failures are answered too. */
  private usable(entry: CacheEntry): boolean {
    if (this.now() - entry.at > this.settings.maxAgeMs) return false;
    return entry.outcome === 'passed' || this.settings.failures;
  }

  /** The row answered from the cache, as an attempt that made no request; undefined when it must be checked. */
  answer(row: CheckRow): Attempt | undefined {
    const entry = this.entries.get(this.key(row));
    if (entry === undefined || !this.usable(entry)) return undefined;
    const attempt: Attempt = { row, attempts: 0, elapsed: 0, cachedAt: entry.at };
    if (entry.result !== undefined) attempt.result = entry.result;
    else {
      const { code = 'INTERNAL_ERROR', message = '', chain = [] } = entry.error ?? {};
      attempt.error = new HoplensError(code, message, { chain });
    }
    return attempt;
  }

  /**
   * Remembers a checked row's answer (not one answered from the cache: its time stays that of its check). Every
   * outcome is kept, so that `--cache-failures` on a later run finds the failures too.
   */
  remember(attempt: Attempt, outcome: RowOutcome): void {
    if (attempt.cachedAt !== undefined) return;
    const entry: CacheEntry = { at: this.now(), outcome };
    if (attempt.result !== undefined) entry.result = attempt.result;
    else {
      const error = attempt.error;
      const message = error instanceof Error ? error.message : String(error);
      entry.error = isHoplensError(error)
        ? { code: error.code, message, chain: error.chain }
        : { code: 'INTERNAL_ERROR', message };
    }
    this.add(this.key(attempt.row), entry);
  }

  /** Adds an entry as the newest, dropping the oldest past the capacity; an expired one is not kept. */
  add(key: string, entry: CacheEntry): void {
    if (this.now() - entry.at > this.settings.maxAgeMs) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
