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
