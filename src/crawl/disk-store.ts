/**
 * The crawl's store on one machine, in its state directory (`--state DIR`): every frontier entry, page, link, target
 * analysis and cut is appended to an NDJSON file (src/crawl/ndjson-log.ts), the frontier read back by a cursor, and
 * the seen sets keep hashes in memory up to a bound and on disk past it (src/crawl/spilling-set.ts). Memory holds the
 * leases and a bounded set, whatever the site's size. Opened again with `resume`, the files are read back: the seen
 * sets rebuilt, and every entry not completed (taken by a run that was stopped, or never taken) is given out again.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CrawlStore,
  CutRecord,
  FrontierEntry,
  Leased,
  LinkRecord,
  PageRecord,
  StoreCounts,
  TargetRecord,
} from './crawl-store.js';
import { NdjsonLog } from './ndjson-log.js';
import { SpillingSet, urlHash } from './spilling-set.js';
import { assertCurrentState, writeManifest } from './state-manifest.js';

/**
 * 2¹⁵ hashes a seen set in memory (a table of 2¹⁶ slots, 512 KiB): about what a 10,000-page crawl's sets reach, so
 * that a larger crawl's tables stay that size and it spills instead (issue 31: a bound of 2¹⁸ let the 100,000-page
 * crawl's four tables reach 4 MiB each, 14 MiB more than the 10,000-page one's). The cost is a block read per run for
 * a lookup the memory cannot answer: 489 s against 466 s for 100,000 pages, run side by side on a loaded machine.
 */
export const SEEN_MEMORY_BOUND = 32_768;

/** The file of the pages, each line a page with its links or the spool file that holds them: read by crawled-pages.ts. */
export const PAGES_FILE = 'pages.ndjson';

/** A line of {@link PAGES_FILE}. */
export interface PageLine {
  readonly page: PageRecord;
  readonly links: readonly LinkRecord[];
  readonly spool?: string;
}

export interface DiskStoreOptions {
  /**
   * Hashes each seen set keeps in memory before spilling to disk (default {@link SEEN_MEMORY_BOUND}): 8 bytes a hash
   * in a table at most half full, so at most 512 KiB a set, 2 MiB for the store's four sets.
   */
  readonly memoryBound?: number;
  /** Keep what the directory holds and go on from it (`--resume`); otherwise it is emptied. */
  readonly resume?: boolean;
  readonly now?: () => number;
}

/** One queue with its log, seen and done sets, leases and delayed entries: the frontier, and the targets. */
class LeasedQueue<T> {
  readonly log: NdjsonLog<T>;
  readonly seen: SpillingSet;
  readonly done: SpillingSet;
  readonly leases = new Map<string, { item: T; until: number }>();
  private delayed: Array<{ item: T; notBefore: number }> = [];

  constructor(
    dir: string,
    name: string,
    bound: number,
    private readonly key: (item: T) => string,
    private readonly now: () => number,
  ) {
    this.log = new NdjsonLog<T>(join(dir, `${name}-queue.ndjson`));
    this.seen = new SpillingSet(dir, `${name}-seen`, bound);
    this.done = new SpillingSet(dir, `${name}-done`, bound);
  }

  add(items: readonly T[]): T[] {
    const fresh = items.filter((item) => this.seen.add(this.key(item)));
    this.log.append(fresh);
    return fresh;
  }

  take(count: number, leaseMs: number): Array<Leased<T>> {
    const now = this.now();
    const taken: T[] = [];
    for (const [lease, held] of this.leases) {
      if (taken.length >= count) break;
      // A lease that ran out: its holder is gone; the entry is given out again under a new lease.
      if (held.until <= now) {
        this.leases.delete(lease);
        taken.push(held.item);
      }
    }
    const ready = this.delayed.filter((entry) => entry.notBefore <= now);
    this.delayed = this.delayed.filter((entry) => entry.notBefore > now);
    for (const entry of ready) {
      if (taken.length < count) taken.push(entry.item);
      else this.delayed.push(entry);
    }
    while (taken.length < count) {
      const next = this.log.next(count - taken.length);
      if (next.length === 0) break;
      for (const item of next) if (!this.done.has(this.key(item))) taken.push(item);
    }
    return taken.map((item) => {
      const lease = randomUUID();
      const until = now + leaseMs;
      this.leases.set(lease, { item, until });
      return { item, lease, until };
    });
  }

  /** The item under `lease`, removed and marked done; undefined when the lease is not held. */
  complete(lease: string): T | undefined {
    const held = this.leases.get(lease);
    if (held === undefined) return undefined;
    this.leases.delete(lease);
    this.done.add(this.key(held.item));
    return held.item;
  }

  release(lease: string, notBefore: number): void {
    const held = this.leases.get(lease);
    if (held === undefined) return;
    this.leases.delete(lease);
    this.delayed.push({ item: held.item, notBefore });
  }

  get waiting(): number {
    return this.seen.size - this.done.size - this.leases.size;
  }
}

export class DiskStore implements CrawlStore {
  private readonly frontier: LeasedQueue<FrontierEntry>;
  private readonly targetQueue: LeasedQueue<{ url: string }>;
  /** A page and its links on one line, written at once: a page is recorded whole or not at all. */
  private readonly pageLog: NdjsonLog<PageLine>;
  private readonly targetLog: NdjsonLog<TargetRecord>;
  private readonly cutLog: NdjsonLog<CutRecord>;
  private readonly now: () => number;

  private constructor(
    readonly dir: string,
    options: DiskStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    const bound = options.memoryBound ?? SEEN_MEMORY_BOUND;
    this.frontier = new LeasedQueue(dir, 'frontier', bound, (entry) => entry.url, this.now);
    this.targetQueue = new LeasedQueue(dir, 'targets', bound, (entry) => entry.url, this.now);
    this.pageLog = new NdjsonLog(join(dir, PAGES_FILE));
    this.targetLog = new NdjsonLog(join(dir, 'targets.ndjson'));
    this.cutLog = new NdjsonLog(join(dir, 'cuts.ndjson'));
  }

  /** Opens the store in `dir` (made if missing): emptied, or read back with `resume`. */
  static async open(dir: string, options: DiskStoreOptions = {}): Promise<DiskStore> {
    mkdirSync(dir, { recursive: true });
    const resuming = options.resume === true && readdirSync(dir).some((name) => name.endsWith('.ndjson'));
    // A state of another version is refused before anything is added to it (src/crawl/state-manifest.ts).
    if (resuming) assertCurrentState(dir);
    else {
      for (const name of readdirSync(dir)) if (/\.(ndjson|hashes)$/.test(name)) rmSync(join(dir, name));
      writeManifest(dir);
    }
    const store = new DiskStore(dir, options);
    if (options.resume === true) await store.reload();
    return store;
  }

  /** Rebuilds the seen and done sets from the files; the queues' cursors start again at their beginning. */
  private async reload(): Promise<void> {
    for await (const entry of this.frontier.log.all()) this.frontier.seen.add(entry.url);
    for await (const { page } of this.pageLog.all()) this.frontier.done.add(page.url);
    for await (const entry of this.targetQueue.log.all()) this.targetQueue.seen.add(entry.url);
    for await (const target of this.targetLog.all()) this.targetQueue.done.add(target.url);
  }

  /** How often each seen set spilled to disk (tests check the spill ran). */
  get spills(): number {
    return this.frontier.seen.spills + this.targetQueue.seen.spills;
  }

  /** Bytes the four seen sets hold in memory (tests check the bound). */
  get memoryBytes(): number {
    const { frontier, targetQueue } = this;
    return frontier.seen.bytes + frontier.done.bytes + targetQueue.seen.bytes + targetQueue.done.bytes;
  }

  async enqueue(entries: readonly FrontierEntry[]): Promise<FrontierEntry[]> {
    return this.frontier.add(entries);
  }

  async take(count: number, leaseMs: number): Promise<Leased<FrontierEntry>[]> {
    return this.frontier.take(count, leaseMs);
  }

  async complete(lease: string, page: PageRecord, links: readonly LinkRecord[]): Promise<boolean> {
    if (this.frontier.complete(lease) === undefined) return false;
    this.pageLog.append([{ page, links }]);
    return true;
  }

  /**
   * The parts go to a spool file of the page's own, named on the page's line once all are written: a run stopped
   * before that records nothing of the page (its spool is written anew when the page is read again).
   */
  async completeInParts(
    lease: string,
    parts: AsyncIterable<readonly LinkRecord[]>,
    page: (links: number) => PageRecord,
  ): Promise<boolean> {
    const held = this.frontier.leases.get(lease);
    if (held === undefined) return false;
    const [hi, lo] = urlHash(held.item.url);
    const spool = `links-${hi.toString(16)}-${lo.toString(16)}.ndjson`;
    rmSync(join(this.dir, spool), { force: true });
    const log = new NdjsonLog<LinkRecord>(join(this.dir, spool));
    let count = 0;
    for await (const part of parts) {
      log.append(part);
      count += part.length;
    }
    if (this.frontier.complete(lease) === undefined) return false;
    this.pageLog.append([{ page: page(count), links: [], spool }]);
    return true;
  }

  async release(lease: string, notBefore = 0): Promise<void> {
    this.frontier.release(lease, notBefore);
  }

  async addTargets(urls: readonly string[]): Promise<string[]> {
    return this.targetQueue.add(urls.map((url) => ({ url }))).map((entry) => entry.url);
  }

  async takeTargets(count: number, leaseMs: number): Promise<Leased<string>[]> {
    return this.targetQueue.take(count, leaseMs).map(({ item, lease, until }) => ({ item: item.url, lease, until }));
  }

  async saveTarget(lease: string, record: TargetRecord): Promise<boolean> {
    if (this.targetQueue.complete(lease) === undefined) return false;
    this.targetLog.append([record]);
    return true;
  }

  async recordTarget(record: TargetRecord): Promise<boolean> {
    // Queued and done at once: a resumed run rebuilds both sets from the files as for any other target.
    if (this.targetQueue.add([{ url: record.url }]).length === 0) return false;
    this.targetQueue.done.add(record.url);
    this.targetLog.append([record]);
    return true;
  }

  async releaseTarget(lease: string, notBefore = 0): Promise<void> {
    this.targetQueue.release(lease, notBefore);
  }

  async cut(record: CutRecord): Promise<void> {
    this.cutLog.append([record]);
  }

  async counts(): Promise<StoreCounts> {
    return {
      queued: this.frontier.waiting,
      leased: this.frontier.leases.size,
      pages: this.frontier.done.size,
      targetsQueued: this.targetQueue.waiting + this.targetQueue.leases.size,
      targetsDone: this.targetQueue.done.size,
      seen: this.frontier.seen.size,
    };
  }

  entries(): AsyncIterable<FrontierEntry> {
    return this.frontier.log.all();
  }

  async *pages(): AsyncIterable<PageRecord> {
    for await (const { page } of this.pageLog.all()) yield page;
  }

  async *links(): AsyncIterable<LinkRecord> {
    for await (const { links, spool } of this.pageLog.all()) {
      yield* links;
      if (spool !== undefined) yield* new NdjsonLog<LinkRecord>(join(this.dir, spool)).all();
    }
  }

  targets(): AsyncIterable<TargetRecord> {
    return this.targetLog.all();
  }

  targetsWithPlaces(): AsyncIterable<[TargetRecord, number]> {
    return this.targetLog.withOffsets();
  }

  async targetAt(place: number): Promise<TargetRecord | undefined> {
    return this.targetLog.at(place);
  }

  cuts(): AsyncIterable<CutRecord> {
    return this.cutLog.all();
  }

  async close(): Promise<void> {
    // Every record is written when it is made (appendFileSync): nothing is buffered; the spilled runs' files close.
    for (const queue of [this.frontier, this.targetQueue]) {
      queue.seen.close();
      queue.done.close();
    }
  }
}
