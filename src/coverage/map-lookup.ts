import { comparableUrl } from '../core/index.js';
import { type CheckRow, OFFLINE_SITE, REDIRECT_STATUSES } from '../inputs/index.js';
import type { CompiledRules } from '../inputs/patterns/index.js';

/** What the map says of one URL: the rule that answers it and how. */
export interface MapAnswer {
  /** The rule's line in the map. */
  line: number;
  /** The status the rule answers with; absent for a pair with no status (a CSV's source,target: a redirect). */
  status?: number;
  /** Where it redirects, absolute; absent for a rule that serves the URL itself (200, 410) or a problem. */
  target?: string;
  /** The rule matches but its target cannot be computed offline (a variable only the server knows). */
  problem?: string;
}

/** A map, asked about one absolute URL at a time. */
export interface MapLookup {
  answer(url: string): MapAnswer | undefined;
}

/** Whether an answer sends the URL elsewhere (a pair without status is a redirect: its target is where it goes). */
export function isRedirect(answer: MapAnswer): answer is MapAnswer & { target: string } {
  return answer.target !== undefined && (answer.status === undefined || REDIRECT_STATUSES.has(answer.status));
}

/**
 * The map of pairs (a CSV, a list, a rule format without pattern matching): an exact match on the URL, compared as
 * `check` compares a final URL with its target (src/core/portable/comparable-url.ts). The first pair of a source wins.
 */
export function pairLookup(rows: readonly CheckRow[]): MapLookup {
  const bySource = new Map<string, MapAnswer>();
  for (const row of rows) {
    const key = comparableUrl(row.source);
    if (bySource.has(key)) continue;
    const answer: MapAnswer = { line: row.line };
    if (row.status !== undefined) answer.status = row.status;
    // A rule serving its source itself is read as a row expecting its own URL (src/inputs/rule-row.ts).
    if (row.target !== undefined && (row.status === undefined || REDIRECT_STATUSES.has(row.status)))
      answer.target = row.target;
    bySource.set(key, answer);
  }
  return { answer: (url) => bySource.get(comparableUrl(url)) };
}

/** A rules file's own matcher (the one `check --samples` uses), with the format's precedence, captures filled. */
export function ruleLookup(rules: CompiledRules): MapLookup {
  return {
    answer(url) {
      const found = rules.match(new URL(url));
      if (found === undefined) return undefined;
      if ('problem' in found) return { line: found.line, problem: found.problem };
      const answer: MapAnswer = { line: found.line, status: found.status };
      // A target may be a path: it is on the requested URL's site.
      if (found.target !== undefined) answer.target = new URL(found.target, url).href;
      return answer;
    },
  };
}

/**
 * A map whose rules are paths, read without `--base-url`, sits on the offline site (src/inputs/offline-site.ts): a
 * URL of the traffic on any host is asked there by its path and query when its own URL has no answer.
 */
export function onOfflineSite(lookup: MapLookup): MapLookup {
  return {
    answer(url) {
      const own = lookup.answer(url);
      if (own !== undefined) return own;
      const parsed = new URL(url);
      if (parsed.origin === OFFLINE_SITE) return undefined;
      return lookup.answer(`${OFFLINE_SITE}${parsed.pathname}${parsed.search}`);
    },
  };
}
