import type { AnalysisFlags } from '../analysis-options.js';

/** Flags of `hoplens crawl` (URLs or files: src/cli/crawl/register.ts declares them). */
export interface CrawlFlags extends AnalysisFlags {
  /** Sitemaps to start from besides the URLs (repeatable); robots.txt's Sitemap lines are read too. */
  sitemap?: string[];
  scope?: 'host' | 'site' | 'prefix';
  maxPages?: string;
  /** The crawl's sitemap limits (src/crawl/crawl-options.ts). */
  maxSitemaps?: string;
  maxSitemapUrls?: string;
  maxDepth?: string;
  /** Kinds of link not collected, comma-separated (img,script,...). */
  skip?: string;
  concurrency?: string;
  perHost?: string;
  /** A request rate cap: `10/s`, `600/m`. */
  rate?: string;
  maxQueryVariants?: string;
  maxUrlLength?: string;
  maxRepeatedSegments?: string;
  state?: string;
  /** `--revisit DIR`: an earlier crawl's state, whose pages are start URLs too. */
  revisit?: string;
  resume?: boolean;
  /** False with `--no-robots-sitemaps`. */
  robotsSitemaps?: boolean;
  format?: string;
  output?: string;
  report?: string[];
  map?: string;
  strict?: boolean;
  /** False with `--no-progress`. */
  progress?: boolean;
  /** False with `--no-color`. */
  color?: boolean;
  /** Files only (src/cli/commands/crawl-files.ts): print the rewrite of permanently redirected links as a diff. */
  fix?: boolean;
  /** Files only: rewrite temporarily redirected links too. */
  fixTemporary?: boolean;
  /** Files only: apply the fix in place. */
  write?: boolean;
  /** Files only: the URL the directories given are served at, so that their relative links are followed too. */
  base?: string;
  /** Files only: globs a file found in a directory must match one of (repeatable). */
  include?: string[];
  /** Files only: globs no file found in a directory may match (repeatable). */
  exclude?: string[];
  /** Files only: request no URL; check the links to local files (relative paths, `#fragments`) alone. */
  offline?: boolean;
}
