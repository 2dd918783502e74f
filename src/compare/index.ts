/** What changed between two crawls of a site (issue 45): `hoplens compare`'s room. Reads crawl state directories. */

export { CHANGE_KINDS, CHANGE_WORDS, type ChangeKind, changeRank } from './change-kinds.js';
export { compareCrawls } from './compare-crawls.js';
export type { CompareSummary, Comparison, CrawlChange } from './crawl-change.js';
