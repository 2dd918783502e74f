import type { RowOutcome } from '../check/index.js';

/** The traffic a coverage is measured on: hits per URL, people's and known bots' apart (src/inputs/logs). */
export interface CoverageTraffic {
  entries: ReadonlyArray<{ url: string; hits: number; botHits: number }>;
}

/** What `--live` found of one URL on the site, checked as `check` checks a row. */
export interface LiveAnswer {
  /** `check`'s verdict on the row (the map's target expected, when the map has one). */
  outcome: RowOutcome;
  /** Why it did not pass, in `check`'s words. */
  reasons: string[];
  finalUrl?: string;
  finalStatus?: number;
  /** Hops that redirected. */
  redirects: number;
  /** Landed on a 200 after exactly one redirect. */
  oneHop200: boolean;
}

/** One old URL with hits, and what the map does with it. */
export interface CoverageRow {
  /** 1 for the URL with the most hits. */
  rank: number;
  /** The URL as counted (absolute; a path on the offline site when the map and log are read without `--base-url`). */
  url: string;
  /** Requests counted for it (people's, or everyone's with `--bots include`). */
  hits: number;
  /** Requests of known bots, counted apart (`--bots separate`; 0 otherwise). */
  botHits: number;
  /** A rule of the map answers it: a redirect, a page served (2xx) or gone (410); a 404 rule covers nothing. */
  covered: boolean;
  /** The answering rule's line in the map. */
  line?: number;
  /** The status the rule answers with, when the map says. */
  status?: number;
  /** Where the map sends it. */
  target?: string;
  /** The map redirects the target again: where to (a chain the map itself makes). */
  redirectedAgain?: string;
  /** The rule matches but where it sends the URL is only known to the server. */
  problem?: string;
  /** With `--live`. */
  live?: LiveAnswer;
}
