/** The site crawl (issue 31): its store interface, its findings and the crawl itself. The room's only entry. */

export type { CrawlFetcher } from './crawl-fetcher.js';
export { CRAWL_ISSUE_SEVERITY, CRAWL_ISSUE_TYPES, type CrawlIssueType } from './crawl-issue-types.js';
export { CrawlMap, type TextWriter } from './crawl-map.js';
export { CRAWL_OPTION_TABLE, type CrawlOptionName } from './crawl-options.js';
export { type CrawlTotals, crawlReport, type ReportedLink } from './crawl-report.js';
export { crawlRow } from './crawl-rows.js';
export { CRAWL_DEFAULTS, type CrawlRun, type CrawlSettings, runCrawl } from './crawl-run.js';
export type {
  CrawlStore,
  CutReason,
  CutRecord,
  FrontierEntry,
  FrontierSource,
  Leased,
  LinkElement,
  LinkRecord,
  PageRecord,
  StoreCounts,
  TargetRecord,
} from './crawl-store.js';
export { LINK_ELEMENTS } from './crawl-store.js';
export { type CrawlTally, TallyingStore } from './crawl-tally.js';
export { CRAWL_SCOPES, type CrawlScope } from './crawl-url.js';
export { type CrawledPage, type HreflangAlternate, readCrawledPages } from './crawled-pages.js';
export { DiskStore, type DiskStoreOptions } from './disk-store.js';
export { CRAWL_ERROR_CODES, CRAWL_ERROR_WORDS, type CrawlErrorCode, isCrawlError } from './errors.js';
export { type CrawlFinding, formActionNotChecked, linkFindings, notReciprocal } from './link-findings.js';
export { type ReportedRows, type ReportRowsOptions, reportRows } from './report-rows.js';
export { CRAWL_STATE_VERSION, MANIFEST_NAME } from './state-manifest.js';
export { TRAP_DEFAULTS, type TrapLimits } from './trap-guard.js';
