import { isAbsolute, relative, sep } from 'node:path';
import { type WalkOptions, walkFiles } from '../inputs/index.js';
import { FileAnchors } from './file-anchors.js';
import type { FileLink } from './file-link.js';
import { type AnalyzeUrl, type FollowedUrl, followLinks } from './follow-links.js';
import { linkUrl, requestUrl } from './link-url.js';
import { checkLocal, type LocalTarget, localTarget, localUrl } from './local-links.js';
import { type LinkFile, readLinkFile } from './read-file-links.js';

export interface CrawlFilesOptions extends WalkOptions {
  analyze: AnalyzeUrl;
  /** The URL the directories given (or a given file's directory) are served at: relative links resolve under it. */
  base?: URL;
  concurrency: number;
  /** Request no URL: only the local links (relative paths, `#fragments`) are checked, as lychee's `--offline`. */
  offline?: boolean;
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
  /** Set for a link to a local file (its `url` a `file:` URL), checked on disk: what is missing, if anything. */
  local?: { missing?: 'file' | 'fragment' };
}

export interface CrawlFilesResult {
  files: LinkFile[];
  /** Every http(s) link of the files that was followed, in file order then text order. */
  links: CheckedLink[];
  /** Links not followed: another scheme, from the site's root without `--base`, or a URL with `offline`. */
  skipped: number;
  /** Distinct URLs followed. */
  urls: number;
  /** Links to local files checked on disk (relative paths without `--base`, and `#fragments` of the file itself). */
  local: number;
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

/** A link of a file, before it is followed or checked: to a URL, or to a local file. */
type Found =
  | { link: Omit<CheckedLink, 'followed' | 'url' | 'local'> & { url: URL }; request: string }
  | { link: Omit<CheckedLink, 'followed' | 'url' | 'local'>; local: LocalTarget };

/** What a link points at: a URL (absolute, or relative under `--base`), the file's own fragment, or a local file. */
function found(link: FileLink, absolute: string, pageUrl: URL | undefined, offline: boolean): Found | undefined {
  const located = pageUrl === undefined ? link : { ...link, pageUrl };
  const own = link.target.trim().startsWith('#');
  const url = own ? undefined : linkUrl(link.target, pageUrl);
  if (url !== undefined) return offline ? undefined : { link: { ...located, url }, request: requestUrl(url) };
  const local = pageUrl === undefined || own ? localTarget(link.target, absolute) : undefined;
  return local === undefined ? undefined : { link: located, local };
}

/** Every file's links in file then text order, and how many were not followed. */
async function readFiles(paths: readonly string[], options: CrawlFilesOptions) {
  const walked = await walkFiles(paths, options);
  const files: LinkFile[] = [];
  const links: Found[] = [];
  let skipped = 0;
  for (const { absolute, root } of walked) {
    const file = await readLinkFile(absolute, displayPath(options.cwd, absolute));
    files.push(file);
    const pageUrl = pageUrlOf(options.base, root, absolute);
    for (const link of file.links) {
      const entry = found(link, absolute, pageUrl, options.offline === true);
      if (entry === undefined) skipped++;
      else links.push(entry);
    }
  }
  return { files, links, skipped };
}

/** A local link checked: its `file:` URL, and a verdict made as a followed URL's is. */
async function checkedLocal(link: Found & { local: LocalTarget }, anchors: FileAnchors, cwd: string) {
  const url = localUrl(link.local);
  const { verdict, missing } = await checkLocal(link.local, anchors, cwd);
  const followed: FollowedUrl = { url: url.href, verdict };
  return { ...link.link, url, followed, local: missing === undefined ? {} : { missing } };
}

/**
 * The links of Markdown, MDX and HTML files, each distinct URL followed once: reads the files and directories given,
 * resolves each link (absolute http(s), or relative under `--base`), follows the distinct URLs with bounded
 * concurrency, checks the links to local files on disk (the file, and a fragment's heading or id), and returns every
 * link with what was found.
 */
export async function crawlFiles(paths: readonly string[], options: CrawlFilesOptions): Promise<CrawlFilesResult> {
  const { files, links: all, skipped } = await readFiles(paths, options);
  const distinct = [...new Set(all.flatMap((entry) => ('request' in entry ? [entry.request] : [])))];
  const followed = await followLinks(distinct, options.analyze, {
    concurrency: options.concurrency,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onFollowed === undefined ? {} : { onDone: options.onFollowed }),
  });
  const anchors = new FileAnchors();
  const links: CheckedLink[] = [];
  for (const entry of all) {
    if ('local' in entry) {
      links.push(await checkedLocal(entry, anchors, options.cwd));
      continue;
    }
    const done = followed.get(entry.request);
    if (done !== undefined) links.push({ ...entry.link, followed: done });
  }
  const local = links.filter((link) => link.local !== undefined).length;
  return { files, links, skipped, urls: followed.size, local, interrupted: followed.size < distinct.length };
}
