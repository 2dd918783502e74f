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

/** One URL's counts. */
interface Counts {
  hits: number;
  botHits: number;
}

/**
 * The one map of URL -> counts that bounds the memory of a count (docs/logs.md gives the figure), and the tallies of
 * lines. Lines are read, judged and dropped; only a URL not seen before is kept.
 */
export class TrafficTally {
  readonly #rules: TallyRules;
  readonly #counts = new Map<string, Counts>();
  readonly #isBot = botJudge();
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
    else this.#addUrl(this.urlOf(request.target, request.host, request.scheme), request.userAgent, 1);
  }

  /** Counts a traffic file's row: `hits` people's visits (clicks, links) to `target`. */
  addHits(target: string, hits: number): void {
    this.#addUrl(this.urlOf(target, '', ''), '', hits);
  }

  /** Counts hits of a URL {@link urlOf} gave: none for an asset left out (''), `no host` for a path without one. */
  #addUrl(url: string | undefined, userAgent: string, hits: number): void {
    if (url === undefined) this.skip('no host');
    else if (url !== '') this.#add(url, this.#isBot(userAgent), hits);
  }

  #add(url: string, bot: boolean, hits: number): void {
    if (bot) this.botLines++;
    if (bot && this.#rules.bots === 'exclude') return;
    this.counted++;
    let counts = this.#counts.get(url);
    if (counts === undefined) {
      counts = { hits: 0, botHits: 0 };
      this.#counts.set(ownString(url), counts);
    }
    if (bot) counts.botHits += hits;
    if (!bot || this.#rules.bots === 'include') counts.hits += hits;
  }

  /**
   * The URL a request counts under: its query dropped unless kept, its host the logged one (lower case) or the base
   * URL's. '' for an asset left out (counted in assetLines), undefined when no host is known.
   */
  urlOf(target: string, host: string, scheme: string): string | undefined {
    const query = target.indexOf('?');
    const path = query === -1 ? target : target.slice(0, query);
    if (!this.#rules.includeAssets && isAssetPath(path)) {
      this.assetLines++;
      return '';
    }
    const kept = this.#rules.keepQuery ? target : path;
    if (kept.charCodeAt(0) !== 0x2f) return /^https?:\/\//i.test(kept) ? kept : undefined;
    if (host !== '') return `${scheme || this.#rules.baseScheme || 'https'}://${host.toLowerCase()}${kept}`;
    return this.#rules.baseOrigin === '' ? undefined : this.#rules.baseOrigin + kept;
  }

  /** The ranked table: hits, then bots' hits, descending, then the URL. */
  table(sources: TrafficTable['sources']): TrafficTable {
    const entries: TrafficEntry[] = [];
    for (const [url, { hits, botHits }] of this.#counts) entries.push({ url, hits, botHits });
    entries.sort((a, b) => b.hits - a.hits || b.botHits - a.botHits || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    const { lines, counted, botLines, assetLines, skipped } = this;
    return { entries, lines, counted, botLines, assetLines, skipped: { ...skipped }, sources };
  }
}
