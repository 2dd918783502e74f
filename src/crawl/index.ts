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
export {
  CRAWL_ISSUE_SEVERITY,
  CRAWL_ISSUE_TYPES,
  type CrawlFinding,
  type CrawlIssueType,
  linkFindings,
} from './link-findings.js';
