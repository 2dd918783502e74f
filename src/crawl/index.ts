/** The site crawl (issue 31): its store interface, its findings and the crawl itself. The room's only entry. */
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
// The links of files (Markdown, MDX, HTML) and the fix written for them: files/.
export * from './files/index.js';
export {
  CRAWL_ISSUE_SEVERITY,
  CRAWL_ISSUE_TYPES,
  type CrawlFinding,
  type CrawlIssueType,
  linkFindings,
} from './link-findings.js';
