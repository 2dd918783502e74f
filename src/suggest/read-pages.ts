import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { readCrawledPages } from '../crawl/index.js';
import { type InputFormat, isHttpLocation, openInput, planInput, readInput } from '../inputs/index.js';
import type { SuggestPage } from './types.js';

/**
 * Where a list of pages comes from: a file, an http(s) sitemap URL, `-`, or a crawl's state folder (`hoplens crawl
 * --state`); a file's format detected unless given.
 */
export interface PagesSource {
  location: string;
  cwd: string;
  stdin: Readable;
  format?: InputFormat;
}

/** The pages read, and the lines that could not be read, each with its line number. */
export interface ReadPages {
  pages: SuggestPage[];
  invalid: Array<{ line: number; message: string }>;
}

/** The formats a page list may be in: the inputs room reads each. */
export const PAGE_FORMATS: readonly InputFormat[] = ['list', 'csv', 'sitemap'];

/** A CSV's column by name, whatever its case: `Title`, `title`. */
function column(extra: Record<string, string> | undefined, name: string): string | undefined {
  if (extra === undefined) return undefined;
  const key = Object.keys(extra).find((each) => each.trim().toLowerCase() === name);
  return key === undefined ? undefined : extra[key];
}

/** Whether a `covered` cell (coverage's CSV) says the URL is covered already: such URLs need no suggestion. */
function covered(cell: string | undefined): boolean {
  return cell !== undefined && /^(true|yes|1|covered)$/i.test(cell.trim());
}

/**
 * The pages of a crawl's state folder that answered 2xx themselves, with their titles: the pages a site has (a
 * redirect or an error is not a page to propose, nor one to find a target for).
 */
async function crawledPages(folder: string): Promise<ReadPages> {
  const pages: SuggestPage[] = [];
  for await (const page of readCrawledPages(folder)) {
    if (page.status === null || page.status < 200 || page.status > 299) continue;
    const title = page.title?.trim();
    pages.push(title ? { url: page.url, title } : { url: page.url });
  }
  return { pages, invalid: [] };
}

function isFolder(location: string, cwd: string): boolean {
  if (location === '-' || isHttpLocation(location)) return false;
  return statSync(resolve(cwd, location), { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * Reads a list of pages with the inputs room's readers: a list of URLs, a CSV (its URL column as `check` finds it,
 * its `title` column when there is one; a `covered` column, as `hoplens coverage` writes, keeps the uncovered URLs
 * only), or a sitemap (a file or a URL); or a crawl's state folder (its pages that answered 2xx, with their titles).
 * A URL listed twice is read once.
 */
export async function readPages(source: PagesSource): Promise<ReadPages> {
  if (isFolder(source.location, source.cwd)) return crawledPages(resolve(source.cwd, source.location));
  const flags = source.format === undefined ? {} : { input: source.format };
  // Not offline: offline, inputs put paths and a sitemap's URLs on a placeholder site; here URLs stay as given.
  const plan = await planInput(source.location, flags, { cwd: source.cwd });
  const stream = await openInput(plan.inputPath, source.stdin, plan.inputFormat);
  const pages = new Map<string, SuggestPage>();
  const invalid: ReadPages['invalid'] = [];
  for await (const item of readInput(plan.inputFormat, stream, plan.readOptions)) {
    if (item.kind === 'invalid') invalid.push({ line: item.line, message: item.message });
    if (item.kind !== 'row' || pages.has(item.row.source) || covered(column(item.row.extra, 'covered'))) continue;
    const title = column(item.row.extra, 'title')?.trim();
    pages.set(item.row.source, title ? { url: item.row.source, title } : { url: item.row.source });
  }
  return { pages: [...pages.values()], invalid };
}
