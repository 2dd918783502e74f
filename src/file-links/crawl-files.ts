import { isAbsolute, relative, sep } from 'node:path';
import { type WalkOptions, walkFiles } from '../inputs/index.js';
import type { FileLink } from './file-link.js';
import { type AnalyzeUrl, type FollowedUrl, followLinks } from './follow-links.js';
import { linkUrl, requestUrl } from './link-url.js';
import { type LinkFile, readLinkFile } from './read-file-links.js';

export interface CrawlFilesOptions extends WalkOptions {
  analyze: AnalyzeUrl;
  /** The URL the directories given (or a given file's directory) are served at: relative links resolve under it. */
  base?: URL;
  concurrency: number;
  signal?: AbortSignal;
  onFollowed?: (followed: FollowedUrl) => void;
}

/** A link of a file with the URL it points at and what following that URL found. */
export interface CheckedLink extends FileLink {
  /** The absolute URL the link points at (its fragment kept). */
  url: URL;
  /** The file's URL under `--base`, when given. */
  pageUrl?: URL;
  followed: FollowedUrl;
}

export interface CrawlFilesResult {
  files: LinkFile[];
  /** Every http(s) link of the files that was followed, in file order then text order. */
  links: CheckedLink[];
  /** Links not followed: another scheme, or relative without `--base`. */
  skipped: number;
  /** Distinct URLs followed. */
  urls: number;
  /** Whether the run was stopped before every URL was followed. */
  interrupted: boolean;
}

/** The URL a file is served at under `--base`: its path from the directory given, on the base's path. */
function pageUrlOf(base: URL | undefined, root: string, absolute: string): URL | undefined {
  if (base === undefined) return undefined;
  const directory = base.pathname.endsWith('/') ? base : new URL(`${base.pathname}/${base.search}`, base);
  const path = relative(root, absolute).split(sep).map(encodeURIComponent).join('/');
  return new URL(path, directory);
}

/** The name a file is reported by: relative to the working directory when inside it. */
function displayPath(cwd: string, absolute: string): string {
  const path = relative(cwd, absolute);
  return (path !== '' && !path.startsWith('..') && !isAbsolute(path) ? path : absolute).split(sep).join('/');
}

/**
 * The links of Markdown, MDX and HTML files, each distinct URL followed once: reads the files and directories given,
 * resolves each link (absolute http(s), or relative under `--base`), follows the distinct URLs with bounded
 * concurrency, and returns every link with what was found.
 */
export async function crawlFiles(paths: readonly string[], options: CrawlFilesOptions): Promise<CrawlFilesResult> {
  const walked = await walkFiles(paths, options);
  const files: LinkFile[] = [];
  const pending: Array<Omit<CheckedLink, 'followed'> & { request: string }> = [];
  let skipped = 0;
  for (const { absolute, root } of walked) {
    const file = await readLinkFile(absolute, displayPath(options.cwd, absolute));
    files.push(file);
    const pageUrl = pageUrlOf(options.base, root, absolute);
    for (const link of file.links) {
      const url = linkUrl(link.target, pageUrl);
      if (url === undefined) skipped++;
      else pending.push({ ...link, url, ...(pageUrl === undefined ? {} : { pageUrl }), request: requestUrl(url) });
    }
  }
  const distinct = [...new Set(pending.map((link) => link.request))];
  const followed = await followLinks(distinct, options.analyze, {
    concurrency: options.concurrency,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onFollowed === undefined ? {} : { onDone: options.onFollowed }),
  });
  const links = pending.flatMap(({ request, ...link }) => {
    const found = followed.get(request);
    return found === undefined ? [] : [{ ...link, followed: found }];
  });
  return { files, links, skipped, urls: followed.size, interrupted: followed.size < distinct.length };
}
