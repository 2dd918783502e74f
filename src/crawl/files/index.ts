export { type CheckedLink, type CrawlFilesOptions, type CrawlFilesResult, crawlFiles } from './crawl-files.js';
export type { FileLink, LinkForm } from './file-link.js';
export type { FollowedUrl } from './follow-links.js';
export type { LinkVerdict } from './link-verdict.js';
export { type FileFix, type FixPolicy, isFixable, planFixes } from './plan-fixes.js';
export type { LinkFile } from './read-file-links.js';
