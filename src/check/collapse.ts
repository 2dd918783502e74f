import type { Severity } from '../core/index.js';
import { withoutFragment } from '../core/portable/index.js';
import { type ExpectationSettings, sameUrl } from './expectation.js';
import type { RowResult } from './result.js';

/** How a run judges collapses: from how many rows, and how seriously (`off`: not counted). */
export interface CollapseSettings {
  threshold: number;
  severity: Severity | 'off';
}

/** A final URL that many rows' redirects collapse onto. */
export interface CollapseTarget {
  finalUrl: string;
  /** Rows that redirected there without expecting it. */
  rows: number;
  /** A site's root: the mass redirect to a home page that Google treats as a soft 404. */
  root: boolean;
  /** The first few of those rows' sources, as examples. */
  examples: string[];
}

/** The finding `redirect_collapse` over a whole run: its severity and the targets, most rows first. */
export interface CollapseFinding {
  type: 'redirect_collapse';
  severity: Severity;
  threshold: number;
  targets: CollapseTarget[];
}

/**
 * Every final URL a shard's rows collapsed onto without expecting it, with its count, whatever the count: a shard of
 * a `--shard` run writes them in its report's summary record (`collapseCounts`) so that `hoplens report merge` sums
 * them into the finding the unsharded run would have made (a URL reached by 3 rows in each of 4 shards is a collapse
 * of 12 that no shard sees alone). Bounded by {@link COUNTS_LISTED}: past it, the most-reached URLs are kept and
 * `capped` says the merged counts may fall short.
 */
export interface CollapseCounts {
  threshold: number;
  severity: Severity;
  targets: Array<{ finalUrl: string; rows: number; examples: string[] }>;
  /** More final URLs were reached than listed (the least-reached left out). */
  capped?: boolean;
}

/** Sources kept per final URL as examples; the rest are only counted. */
const EXAMPLES = 3;
/** Final URLs a shard's report lists with their counts (see {@link CollapseCounts}). */
export const COUNTS_LISTED = 10_000;
/** Collapse targets listed; more are counted in the findings' total only. */
const TARGETS_LISTED = 10;
/**
 * Distinct final URLs counted before the ones reached by a single row are let go. A migration usually sends every old
 * URL to its own new one, so without a bound the counts would grow with the rows (a million-row check would hold a
 * million entries); a collapse gathers rows quickly and keeps its entry.
 */
const TRACKED_LIMIT = 20_000;

function isRoot(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' && parsed.search === '';
  } catch {
    return false;
  }
}

/**
 * Counts, per final URL, the rows that redirected there though none of them expected it (no target, or another
 * one). At the end, every final URL reached by at least `threshold` such rows is a collapse: old URLs sent en masse
 * to one page (often the home page) instead of their own replacements. Memory is bounded: past
 * {@link TRACKED_LIMIT} distinct final URLs, those reached once are let go (`pruned`), so a URL whose rows are spread
 * thinly over a very large run may be undercounted; one that gathers rows as a collapse does is not.
 */
export class CollapseCounter {
  private readonly counts = new Map<string, { rows: number; examples: string[]; lines: number[] }>();
  /** Whether final URLs reached once were let go to bound memory: counts may then fall short. */
  private pruned = false;

  constructor(
    private readonly threshold: number,
    private readonly settings: ExpectationSettings,
  ) {}

  /** How many distinct final URLs are held now. */
  get size(): number {
    return this.counts.size;
  }

  add(result: RowResult): void {
    const { finalUrl } = result;
    // An errored row has no final URL of its own; an inconclusive one ended on a bot wall, not on the page it reaches.
    if (finalUrl === undefined || result.outcome === 'errored' || result.outcome === 'inconclusive') return;
    if (result.redirects === 0) return;
    if (this.samePage(result.chain[0]?.url ?? result.source, finalUrl)) return;
    if (result.target !== undefined && sameUrl(finalUrl, result.target, this.settings)) return;
    this.addCount(finalUrl, 1, [result.source], result.line);
  }

  /**
   * Whether the chain ended where it began. Both URLs are the tracer's (WHATWG hrefs, already in canonical form but for
   * percent-escapes), so unless escapes or the comparison's leniencies could make two strings one page, comparing the
   * strings without their fragments decides it, and no URL is parsed: this runs for every row of a check.
   */
  private samePage(first: string, finalUrl: string): boolean {
    const { ignoreTrailingSlash, ignoreQuery } = this.settings;
    if (ignoreTrailingSlash || ignoreQuery || first.includes('%') || finalUrl.includes('%')) {
      return sameUrl(first, finalUrl, this.settings);
    }
    return withoutFragment(first) === withoutFragment(finalUrl);
  }

  /**
   * Adds `rows` rows onto `finalUrl` (a shard's count, when merging), keeping as examples the sources of the first
   * few input lines: rows finish in any order under concurrency, and a report should not change with it (the page's
   * download and the CLI's report once listed different examples for the same map). A shard's examples, which come
   * without their lines, go after those of lines known.
   */
  addCount(finalUrl: string, rows: number, examples: readonly string[], line = Number.POSITIVE_INFINITY): void {
    let entry = this.counts.get(finalUrl);
    if (entry === undefined) {
      if (this.counts.size >= TRACKED_LIMIT) this.prune();
      entry = { rows: 0, examples: [], lines: [] };
      this.counts.set(finalUrl, entry);
    }
    entry.rows += rows;
    for (const example of examples) {
      let at = entry.lines.length;
      while (at > 0 && entry.lines[at - 1]! > line) at--;
      if (at >= EXAMPLES) break;
      entry.examples.splice(at, 0, example);
      entry.lines.splice(at, 0, line);
      if (entry.lines.length > EXAMPLES) {
        entry.examples.pop();
        entry.lines.pop();
      }
    }
  }

  /**
   * Lets go of the final URLs reached by one row, then two, and so on until half the room is free (see
   * {@link TRACKED_LIMIT}); never of one that has reached the threshold, which is a finding already.
   */
  private prune(): void {
    for (let floor = 1; floor < this.threshold && this.counts.size >= TRACKED_LIMIT / 2; floor++) {
      for (const [finalUrl, entry] of this.counts) if (entry.rows <= floor) this.counts.delete(finalUrl);
    }
    this.pruned = true;
  }

  /** The final URLs counted (those reached by at least `floor` rows), most rows first. */
  private sorted(floor = 0): Array<[string, { rows: number; examples: string[] }]> {
    // Filtered before sorting: a migration's run holds thousands of URLs reached once, and the collator is slow.
    const kept = floor === 0 ? [...this.counts] : [...this.counts].filter(([, entry]) => entry.rows >= floor);
    return kept.sort((a, b) => b[1].rows - a[1].rows || a[0].localeCompare(b[0]));
  }

  /** The final URLs that reached the threshold, most rows first (the first ten). */
  targets(): CollapseTarget[] {
    return this.sorted(this.threshold)
      .slice(0, TARGETS_LISTED)
      .map(([finalUrl, entry]) => ({ finalUrl, rows: entry.rows, root: isRoot(finalUrl), examples: entry.examples }));
  }

  /** Every final URL counted, for a shard's report (see {@link CollapseCounts}); undefined when there is none. */
  allCounts(severity: Severity): CollapseCounts | undefined {
    if (this.counts.size === 0) return undefined;
    const targets = this.sorted()
      .slice(0, COUNTS_LISTED)
      .map(([finalUrl, entry]) => ({ finalUrl, rows: entry.rows, examples: entry.examples }));
    const counts: CollapseCounts = { threshold: this.threshold, severity, targets };
    if (this.counts.size > COUNTS_LISTED || this.pruned) counts.capped = true;
    return counts;
  }

  /** The run's finding, with `severity`, or undefined when nothing collapsed. */
  finding(severity: Severity): CollapseFinding | undefined {
    const targets = this.targets();
    return targets.length === 0
      ? undefined
      : { type: 'redirect_collapse', severity, threshold: this.threshold, targets };
  }
}

/**
 * The collapse finding of shards merged: their counts summed per final URL and judged as one run would be (the
 * first shard's threshold and severity: the shards of one run share them). Undefined when nothing collapsed.
 */
export function mergeCollapseCounts(parts: readonly CollapseCounts[]): CollapseFinding | undefined {
  const first = parts[0];
  if (first === undefined) return undefined;
  // Summing counts compares no URLs: the settings are never read.
  const counter = new CollapseCounter(first.threshold, {
    ignoreTrailingSlash: false,
    ignoreQuery: false,
    strict: false,
  });
  for (const part of parts) {
    for (const target of part.targets) counter.addCount(target.finalUrl, target.rows, target.examples);
  }
  return counter.finding(first.severity);
}
