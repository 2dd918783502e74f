import type { Readable } from 'node:stream';
import { isHoplensError } from '../../core/index.js';
import { malformedInput } from '../errors.js';
import type { InputItem } from '../row.js';
import type { RuleReadOptions } from '../rule-row.js';
import { readSourceUrl } from '../text/urls.js';
import { type SitemapLoc, scanSitemapLocs } from './loc-scanner.js';
import { isFetchedSitemap, isHttpLocation, type OpenSitemapOptions, openSitemap } from './open-sitemap.js';

/** Options of {@link readSitemap}. */
export interface SitemapReadOptions extends RuleReadOptions, Pick<OpenSitemapOptions, 'maxBytes' | 'ca' | 'fetch'> {
  /** Opens a child sitemap of an index (default: {@link openSitemap} with these options' size cap and fetch). */
  open?: (location: string) => Promise<Readable>;
}

/** Child sitemaps an index may list (the sitemaps protocol's limit is 50,000): their URLs are held, not their pages. */
const MAX_CHILDREN = 50_000;

/** The row of a page: it must answer 2xx itself, moved onto the base URL when one is given. */
function pageItem(found: SitemapLoc, options: RuleReadOptions, sitemap: string | undefined): InputItem {
  const read = readSourceUrl(found.loc, options.baseUrl);
  if (!read.ok) return { kind: 'invalid', line: found.line, message: read.message };
  let source = read.url;
  if (options.baseUrl !== undefined && !found.loc.startsWith('/')) {
    const url = new URL(read.url);
    source = new URL(url.pathname + url.search, options.baseUrl).href;
  }
  const row: InputItem & { kind: 'row' } = { kind: 'row', row: { line: found.line, source, expectNoRedirect: true } };
  if (sitemap !== undefined) row.row.extra = { sitemap };
  return row;
}

/**
 * The pages of one child sitemap; a child that cannot be read is one invalid item, and the rest go on. A child of an
 * index fetched from the network must be an http(s) URL: a stranger's index never makes hoplens open a local file,
 * nor learn from its messages which files exist.
 */
async function* childItems(
  location: string,
  line: number,
  options: SitemapReadOptions,
  fetched: boolean,
): AsyncGenerator<InputItem> {
  if (fetched && !isHttpLocation(location)) {
    yield {
      kind: 'invalid',
      line,
      message: `sitemap ${location}: a sitemap index fetched by URL may list only http(s) URLs`,
    };
    return;
  }
  try {
    const stream = await (
      options.open ??
      ((child) => openSitemap(child, { maxBytes: options.maxBytes, ca: options.ca, fetch: options.fetch }))
    )(location);
    for await (const found of scanSitemapLocs(stream)) {
      if (found.kind === 'sitemap') {
        yield { kind: 'invalid', line, message: `${location}:${found.line}: a sitemap index cannot list an index` };
        return;
      }
      yield pageItem(found, options, location);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield {
      kind: 'invalid',
      line,
      message: `sitemap ${location}: ${message.replace(`cannot read ${location}: `, '')}`,
    };
  }
}

/**
 * Reads an XML sitemap (`<urlset>`: each page a row expected to answer 2xx without redirecting, the standard audit of
 * a sitemap) or a sitemap index (`<sitemapindex>`: each child sitemap read in turn, its pages' rows naming it in
 * `extra.sitemap`). The pages are streamed, so a 50,000-URL file runs in constant memory; only an index's list of
 * child URLs is held, so that its connection is not kept open while the children's pages are checked.
 */
export async function* readSitemap(stream: Readable, options: SitemapReadOptions): AsyncGenerator<InputItem> {
  const children: SitemapLoc[] = [];
  const fetched = isFetchedSitemap(stream);
  try {
    for await (const found of scanSitemapLocs(stream)) {
      if (found.kind === 'page') yield pageItem(found, options, undefined);
      else if (children.length >= MAX_CHILDREN) throw malformedInput(`a sitemap index lists more than ${MAX_CHILDREN}`);
      else children.push(found);
    }
  } catch (error) {
    if (isHoplensError(error)) throw error;
    throw malformedInput(`not a readable sitemap: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const child of children) yield* childItems(child.loc, child.line, options, fetched);
}
