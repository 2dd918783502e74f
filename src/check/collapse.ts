import type { Severity } from '../core/index.js';
import { type ExpectationSettings, sameUrl } from './expectation.js';
import type { RowResult } from './result.js';

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

/** Sources kept per final URL as examples; the rest are only counted. */
const EXAMPLES = 3;
/** Collapse targets listed; more are counted in the findings' total only. */
const TARGETS_LISTED = 10;

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
 * one): memory grows with the distinct final URLs, never with the rows. At the end, every final URL reached by at
 * least `threshold` such rows is a collapse: old URLs sent en masse to one page (often the home page) instead of
 * their own replacements.
 */
export class CollapseCounter {
  private readonly counts = new Map<string, { rows: number; examples: string[] }>();

  constructor(
    private readonly threshold: number,
    private readonly settings: ExpectationSettings,
  ) {}

  add(result: RowResult): void {
    const { finalUrl } = result;
    if (finalUrl === undefined || result.outcome === 'errored' || result.redirects === 0) return;
    if (sameUrl(result.source, finalUrl, this.settings)) return;
    if (result.target !== undefined && sameUrl(finalUrl, result.target, this.settings)) return;
    const entry = this.counts.get(finalUrl);
    if (entry === undefined) this.counts.set(finalUrl, { rows: 1, examples: [result.source] });
    else {
      entry.rows++;
      if (entry.examples.length < EXAMPLES) entry.examples.push(result.source);
    }
  }

  /** The final URLs that reached the threshold, most rows first (the first ten). */
  targets(): CollapseTarget[] {
    return [...this.counts]
      .filter(([, entry]) => entry.rows >= this.threshold)
      .sort((a, b) => b[1].rows - a[1].rows || a[0].localeCompare(b[0]))
      .slice(0, TARGETS_LISTED)
      .map(([finalUrl, entry]) => ({ finalUrl, rows: entry.rows, root: isRoot(finalUrl), examples: entry.examples }));
  }

  /** The run's finding, with `severity`, or undefined when nothing collapsed. */
  finding(severity: Severity): CollapseFinding | undefined {
    const targets = this.targets();
    return targets.length === 0
      ? undefined
      : { type: 'redirect_collapse', severity, threshold: this.threshold, targets };
  }
}
