/** The access log formats hoplens reads (docs/logs.md lists each with its documentation). */
export const LOG_FORMATS = ['combined', 'common', 'w3c', 'cloudflare', 'cloudfront'] as const;
/** An access log format. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/** How requests from bots count: apart from people's (`separate`), with them (`include`), or not at all (`exclude`). */
export const BOT_POLICIES = ['separate', 'include', 'exclude'] as const;
/** How bots' requests count. */
export type BotPolicy = (typeof BOT_POLICIES)[number];

/** A log file or a traffic CSV; path '-' is options.stdin. format forces a log's format (else detected per file). */
export interface TrafficSource {
  kind: 'log' | 'traffic';
  path: string;
  format?: LogFormat;
}

/** How lines are read and counted. */
export interface TrafficOptions {
  /** The old site's origin, for formats that carry only paths (combined, common, w3c without `cs-host`). */
  baseUrl?: string;
  /** Default false: the query string is dropped. */
  keepQuery?: boolean;
  /** Default false: asset requests (./assets.ts lists the extensions) are left out. */
  includeAssets?: boolean;
  /** Default `separate`. */
  bots?: BotPolicy;
  stdin?: NodeJS.ReadableStream;
  signal?: AbortSignal;
}

/** hits: what counts under the bot policy (separate/exclude: people only; include: everyone); botHits: bots' hits. */
export interface TrafficEntry {
  url: string;
  hits: number;
  botHits: number;
}

/** What the sources say: each URL's hits, ranked, and how many lines went where. */
export interface TrafficTable {
  /** Ranked: hits desc, then botHits desc, then url. */
  entries: TrafficEntry[];
  /** Request lines read (a traffic CSV's rows), directives and blank lines not included. */
  lines: number;
  /** Lines that counted, people's and bots' (under `exclude`, bots' are not counted). */
  counted: number;
  /** Lines from bots that would have counted, whatever the policy. */
  botLines: number;
  /** Asset requests left out (0 with `includeAssets`). */
  assetLines: number;
  /** Reason -> lines left out: `unparsable`, `method`, `status`, `no host`. */
  skipped: Record<string, number>;
  sources: { path: string; format: LogFormat | 'traffic'; lines: number }[];
}
