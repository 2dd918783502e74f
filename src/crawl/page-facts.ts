/**
 * What a 2xx HTML page says of itself, recorded with it for `hoplens compare` and `hoplens suggest` (state version 2):
 * its title (the first `<title>`, whitespace collapsed), its canonical (one, or none when it declares none or several
 * different ones, which Google ignores: the core's reading, src/core/html/link-canonical.ts) and whether it keeps
 * itself out of the index: `noindex`, `none` or a past `unavailable_after` in an `X-Robots-Tag` header or a robots
 * `<meta>` for every crawler or the one judged for, read as the core reads them (Google's "Robots meta tag,
 * data-nosnippet, and X-Robots-Tag specifications", https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag).
 */
import { addressesCrawler, contentRobotsRules, headerRobotsRules, indexingBan } from '../core/index.js';
import type { PageRecord } from './crawl-store.js';
import type { MarkupReading } from './page-links.js';

/** A title longer than this is cut: a state records what identifies a page, not its prose. */
const TITLE_LIMIT = 1000;

/** The crawler `noindex` is judged for when none is named: the analysis's own default. */
const DEFAULT_CRAWLER = 'Googlebot';

export type PageFacts = Pick<PageRecord, 'title' | 'canonical' | 'noindex'>;

/** Whether the header or a robots meta keeps the page out of `crawler`'s index at `now`. */
function keptOut(reading: MarkupReading, header: string | undefined, crawler: string, now: number): boolean {
  if (header !== undefined && indexingBan(headerRobotsRules(header, crawler), now) !== undefined) return true;
  return reading.metas.some(
    (meta) => addressesCrawler(meta.name, crawler) && indexingBan(contentRobotsRules(meta.content), now) !== undefined,
  );
}

export function pageFacts(
  reading: MarkupReading,
  headers: Readonly<Record<string, string>>,
  crawler: string | undefined,
  now = Date.now(),
): PageFacts {
  const title = reading.title?.slice(0, TITLE_LIMIT);
  const canonical = reading.canonicals.length === 1 ? reading.canonicals[0] : undefined;
  const noindex = keptOut(reading, headers['x-robots-tag'], crawler ?? DEFAULT_CRAWLER, now);
  return { ...(title === undefined ? {} : { title }), ...(canonical === undefined ? {} : { canonical }), noindex };
}
