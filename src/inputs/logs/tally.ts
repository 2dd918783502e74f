import { isAssetPath } from './assets.js';
import { botJudge } from './bots.js';
import { ownString } from './own-string.js';
import type { LogRequest } from './request.js';
import type { BotPolicy, TrafficEntry, TrafficTable } from './types.js';

/** The rules a tally counts by, the base URL already read. */
export interface TallyRules {
  /** The base URL's `scheme://host`, '' when none was given. */
  baseOrigin: string;
  /** The base URL's scheme, for a host logged without one. */
  baseScheme: string;
  keepQuery: boolean;
  includeAssets: boolean;
  bots: BotPolicy;
}

/**
 * The map of URL -> counts that bounds the memory of a count (docs/logs.md gives the figure), and the tallies of
 * lines. Lines are read, judged and dropped; only a URL not seen before is kept. The URLs are kept by origin, then
 * path: a line's path is looked up as cut from the line, and no URL string is built per line.
 */
export class TrafficTally {
  readonly #rules: TallyRules;
  /**
   * Origin -> path -> the URL's index in the arrays below: a URL's counts, path and origin are numbers and strings
   * in arrays, not an object each.
   */
  readonly #origins = new Map<string, { index: number; paths: Map<string, number> }>();
  readonly #hits: number[] = [];
  readonly #botHits: number[] = [];
  readonly #paths: string[] = [];
  /** Each URL's origin, as its index in {@link #originNames}. */
  readonly #originOf: number[] = [];
  readonly #originNames: string[] = [];
  readonly #isBot = botJudge();
  /** Where {@link place} put the last target. */
  #origin = '';
  #path = '';
  lines = 0;
  counted = 0;
  botLines = 0;
  assetLines = 0;
  readonly skipped: Record<string, number> = {};

  constructor(rules: TallyRules) {
    this.#rules = rules;
  }

  /** Counts a line left out, by why. */
  skip(reason: string): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  /** Counts one logged request by the rules: GET or HEAD, answered 2xx or 3xx, assets and bots per the options. */
  addRequest(request: LogRequest): void {
    const { method, status } = request;
    if (method !== 'GET' && method !== 'HEAD') this.skip('method');
    else if (status < 200 || status > 399) this.skip('status');
    else if (this.place(request.target, request.host, request.scheme)) this.#add(this.#isBot(request.userAgent), 1);
  }

  /** Counts a traffic file's row: `hits` people's visits (clicks, links) to `target`. */
  addHits(target: string, hits: number): void {
    if (this.place(target, '', '')) this.#add(false, hits);
  }

  #add(bot: boolean, hits: number): void {
    if (bot) this.botLines++;
    if (bot && this.#rules.bots === 'exclude') return;
    this.counted++;
    let origin = this.#origins.get(this.#origin);
    if (origin === undefined) {
      origin = { index: this.#originNames.length, paths: new Map() };
      this.#originNames.push(ownString(this.#origin));
      this.#origins.set(this.#originNames[origin.index]!, origin);
    }
    let index = origin.paths.get(this.#path);
    if (index === undefined) index = this.#newUrl(origin);
    if (bot) this.#botHits[index]! += hits;
    if (!bot || this.#rules.bots === 'include') this.#hits[index]! += hits;
  }

  /** A URL not seen before, the current path at `origin`, with no hits yet; its index. */
  #newUrl(origin: { index: number; paths: Map<string, number> }): number {
    const index = this.#hits.length;
    const path = ownString(this.#path);
    this.#hits.push(0);
    this.#botHits.push(0);
    this.#paths.push(path);
    this.#originOf.push(origin.index);
    origin.paths.set(path, index);
    return index;
  }

  /**
   * Where a request target counts: its query dropped unless kept, its origin the logged host's (lower case) or the
   * base URL's; an absolute target (a proxy's request) as it is. False for an asset left out (counted in
   * assetLines) or a path without a known host (skipped as `no host`).
   */
  place(target: string, host: string, scheme: string): boolean {
    const query = target.indexOf('?');
    const path = query === -1 ? target : target.slice(0, query);
    if (!this.#rules.includeAssets && isAssetPath(path)) {
      this.assetLines++;
      return false;
    }
    this.#path = this.#rules.keepQuery ? target : path;
    if (this.#path.charCodeAt(0) !== 0x2f) this.#splitAbsolute();
    else if (host !== '') this.#origin = `${scheme || this.#rules.baseScheme || 'https'}://${host.toLowerCase()}`;
    else this.#origin = this.#rules.baseOrigin === '' ? '?' : this.#rules.baseOrigin;
    if (this.#origin !== '?') return true;
    this.skip('no host');
    return false;
  }

  /** An absolute URL (a proxy's request target, a traffic file's URL) as origin and path; else no host ('?'). */
  #splitAbsolute(): void {
    const url = this.#path;
    const match = /^(https?:\/\/[^/?#]+)/i.exec(url);
    if (match === null) {
      this.#origin = '?';
      return;
    }
    this.#origin = match[1]!.toLowerCase();
    const rest = url.slice(match[1]!.length);
    this.#path = rest.startsWith('/') ? rest : `/${rest}`;
  }

  /** The URLs' ranking: hits, then bots' hits, descending, then the URL (whole, as origin and path). */
  #ranked(a: number, b: number): number {
    const hits = this.#hits;
    const bots = this.#botHits;
    const byCount = hits[b]! - hits[a]! || bots[b]! - bots[a]!;
    if (byCount !== 0) return byCount;
    const [originA, originB] = [this.#originOf[a]!, this.#originOf[b]!];
    // Paths of one origin compare as their URLs do; across origins the URLs themselves are compared.
    const [left, right] =
      originA === originB
        ? [this.#paths[a]!, this.#paths[b]!]
        : [this.#originNames[originA]! + this.#paths[a]!, this.#originNames[originB]! + this.#paths[b]!];
    return left < right ? -1 : left > right ? 1 : 0;
  }

  /**
   * The ranked table (once: the map is emptied as it is made). Sorted as indexes into the arrays, before any entry is made: a sort of entries would compare
   * their URLs, each a concatenation that comparing flattens into a copy (a million URLs, a hundred megabytes).
   */
  table(sources: TrafficTable['sources']): TrafficTable {
    const order = Array.from({ length: this.#hits.length }, (_, index) => index);
    order.sort((a, b) => this.#ranked(a, b));
    this.#origins.clear();
    const entries: TrafficEntry[] = new Array(order.length);
    for (let rank = 0; rank < order.length; rank++) {
      const index = order[rank]!;
      const url = this.#originNames[this.#originOf[index]!]! + this.#paths[index]!;
      entries[rank] = { url, hits: this.#hits[index]!, botHits: this.#botHits[index]! };
    }
    const { lines, counted, botLines, assetLines, skipped } = this;
    return { entries, lines, counted, botLines, assetLines, skipped: { ...skipped }, sources };
  }
}
