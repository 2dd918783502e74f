/*
 * The files crawl's room: the links in local Markdown, MDX and HTML files (read through src/inputs/, each with its
 * file, line and column), each distinct URL followed once, each link to a local file checked on disk (the file, and
 * a fragment's heading or id), their verdicts and findings (as the site crawl, src/crawl/, makes them for a link on
 * a page), and `--fix`'s rewrite of the redirected ones to their final URLs with inputs' text-edit engine.
 * `hoplens crawl docs/` (src/cli/commands/crawl-files.ts) parses flags, calls runFileLinks and writes.
 */
export { type CheckedLink, type CrawlFilesOptions, type CrawlFilesResult, crawlFiles } from './crawl-files.js';
export { type FileFinding, fileFindings } from './file-findings.js';
export type { FileLink, LinkForm } from './file-link.js';
export type { AnalyzeUrl, FollowedUrl } from './follow-links.js';
export type { LinkVerdict } from './link-verdict.js';
export { type FileFix, type FixPolicy, isFixable, planFixes } from './plan-fixes.js';
export type { LinkFile } from './read-file-links.js';
export { type FileLinksRun, type FixOutcome, type FixSettings, runFileLinks } from './run-file-links.js';
export { writeFixes } from './write-fixes.js';
