/**
 * What a progress line tells of a running crawl, counted as the crawl records it: pages read, links found, targets
 * analysed and those with a finding (a redirect, a loop or an error: every link to them is reported). It wraps the
 * crawl's store, so the visits themselves know nothing of it; the counts are this process's (a shared crawl's other
 * workers count their own).
 */
import { problem } from './crawl-report.js';
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

export interface CrawlTally {
  pages: number;
  links: number;
  targets: number;
  /** Targets analysed that redirect, loop or fail. */
  targetsWithFindings: number;
}

/** A store that counts what is recorded through it into `tally`, and otherwise is `store`. */
export class TallyingStore implements CrawlStore {
  readonly tally: CrawlTally = { pages: 0, links: 0, targets: 0, targetsWithFindings: 0 };

  /** Present when the wrapped store has it: the crawl asks for these by their presence (fetch once, streamed sitemaps). */
  readonly completeInParts?: CrawlStore['completeInParts'];
  readonly recordTarget?: CrawlStore['recordTarget'];

  constructor(private readonly store: CrawlStore) {
    const inParts = store.completeInParts?.bind(store);
    if (inParts !== undefined) {
      this.completeInParts = async (lease, parts, page) => {
        let links = 0;
        const counted = async function* () {
          for await (const part of parts) {
            links += part.length;
            yield part;
          }
        };
        const done = await inParts(lease, counted(), page);
        if (done) {
          this.tally.pages++;
          this.tally.links += links;
        }
        return done;
      };
    }
    const record = store.recordTarget?.bind(store);
    if (record !== undefined) {
      this.recordTarget = async (target) => {
        const done = await record(target);
        if (done) this.countTarget(target);
        return done;
      };
    }
  }

  private countTarget(record: TargetRecord): void {
    if (record.skipped !== undefined) return;
    this.tally.targets++;
    if (problem(record)) this.tally.targetsWithFindings++;
  }

  async complete(lease: string, page: PageRecord, links: readonly LinkRecord[]): Promise<boolean> {
    const done = await this.store.complete(lease, page, links);
    if (done && page.skipped === undefined) {
      this.tally.pages++;
      this.tally.links += links.length;
    }
    return done;
  }

  async saveTarget(lease: string, record: TargetRecord): Promise<boolean> {
    const done = await this.store.saveTarget(lease, record);
    if (done) this.countTarget(record);
    return done;
  }

  enqueue(entries: readonly FrontierEntry[]): Promise<FrontierEntry[]> {
    return this.store.enqueue(entries);
  }
  take(count: number, leaseMs: number): Promise<Leased<FrontierEntry>[]> {
    return this.store.take(count, leaseMs);
  }
  release(lease: string, notBefore?: number): Promise<void> {
    return this.store.release(lease, notBefore);
  }
  addTargets(urls: readonly string[]): Promise<string[]> {
    return this.store.addTargets(urls);
  }
  takeTargets(count: number, leaseMs: number): Promise<Leased<string>[]> {
    return this.store.takeTargets(count, leaseMs);
  }
  releaseTarget(lease: string, notBefore?: number): Promise<void> {
    return this.store.releaseTarget(lease, notBefore);
  }
  cut(record: CutRecord): Promise<void> {
    return this.store.cut(record);
  }
  counts(): Promise<StoreCounts> {
    return this.store.counts();
  }
  entries(): AsyncIterable<FrontierEntry> {
    return this.store.entries();
  }
  pages(): AsyncIterable<PageRecord> {
    return this.store.pages();
  }
  links(): AsyncIterable<LinkRecord> {
    return this.store.links();
  }
  targets(): AsyncIterable<TargetRecord> {
    return this.store.targets();
  }
  cuts(): AsyncIterable<CutRecord> {
    return this.store.cuts();
  }
  close(): Promise<void> {
    return this.store.close();
  }
}
