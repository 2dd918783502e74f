/** Settings of an {@link ExpiringCache}. */
export interface ExpiringCacheOptions {
  /** Most entries kept; the oldest goes first when a new one would exceed it. */
  readonly maxEntries: number;
  /** How long an entry is served after it was stored, in ms. */
  readonly ttlMs: number;
  /** The clock, in ms (default `Date.now`); a seam for tests. */
  readonly now?: () => number;
}

/** A map bounded in size and in age: what a long-running analyzer may remember per host without growing forever. */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly now: () => number;

  constructor(private readonly options: ExpiringCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The value stored under `key`, unless it is absent or expired (an expired one is forgotten). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }
}
