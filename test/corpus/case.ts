/**
 * The shape of one labelled case of the findings corpus (test/corpus/cases.ts): the pages and redirects a site serves,
 * the URL submitted, and the findings the analysis must and must not produce, each label citing the rule it follows.
 * docs/development.md ("The findings corpus") says how to add one.
 */

import type { RenderOutcome } from '../../src/core/page-renderer.js';
import type { AnalyzeOptions, ErrorCode, IssueType } from '../../src/index.js';

/** What one URL of a case answers. */
export interface CorpusRoute {
  status: number;
  /** A `Location` header (two values: two headers). */
  location?: string | string[];
  headers?: Record<string, string | string[]>;
  body?: string;
  /**
   * With `render: true` only: what the browser makes of this page (where its script navigates, or why the render did
   * not finish). The corpus does not start Chromium (the render tests do): this stands in for its verdict.
   */
  render?: RenderOutcome;
}

/** Which HTTPS server a case's `https://` URLs reach: each has a certificate and protocol of its own. */
export type CorpusTls = 'valid' | 'expiring' | 'legacy' | 'untrusted';

/** The analysis options a case may set (the rest are the library's defaults, robots.txt read included). */
export type CorpusOptions = Pick<
  AnalyzeOptions,
  'maxHops' | 'method' | 'clientRedirects' | 'render' | 'robots' | 'tls' | 'userAgent'
>;

export interface CorpusCase {
  /** `group/short-name`, unique. */
  id: string;
  /** What the case is, in a sentence: the realistic situation it stands for. */
  title: string;
  /** The URL submitted. Host names end in `.test`; the harness adds the loopback servers' ports. */
  start: string;
  /**
   * What each URL answers, keyed by the URL without a port (`http://shop.test/old`, `https://www.shop.test/robots.txt`).
   * A URL not listed answers 404. Absolute `http(s)://*.test` URLs in locations, headers and bodies are given the
   * servers' ports. A host belongs to one case only (robots.txt is remembered per host).
   */
  routes: Record<string, CorpusRoute>;
  /** Host names that resolve elsewhere than loopback (a private address, for `blocked_destination`). */
  dns?: Record<string, string>;
  /** Which HTTPS server the case's `https://` URLs reach (default `valid`: a trusted certificate for a year). */
  tls?: CorpusTls;
  options?: CorpusOptions;
  /** The error the analysis must fail with instead of a result (absent: it must succeed). */
  error?: ErrorCode;
  /** Issue types the analysis must report. */
  mustFind: IssueType[];
  /** Issue types it must not report (a false positive if it does). */
  mustNotFind: IssueType[];
  /**
   * The rule behind each label, in words with its source: a Google Search Central page, an RFC section, the HTML
   * standard, or a section of docs/issues.md.
   */
  cites: string[];
}

/** A case hoplens is known to get wrong today: it must still fail, and moves back to the corpus once fixed. */
export interface KnownMiss {
  id: string;
  /** Why hoplens disagrees with the rule the case cites, and who is on it. */
  reason: string;
}
