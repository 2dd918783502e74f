import type { Readable } from 'node:stream';
import { columnNamed } from '../csv/header.js';
import { malformedInput } from '../errors.js';
import { readCsvRecords } from '../text/csv-records.js';
import { headerKey } from '../text/header-key.js';
import type { TrafficTally } from './tally.js';

/**
 * The URL column of a traffic export, in {@link headerKey} form, the earlier preferred:
 * - Search Console's Performance report, exported, names its pages table `Top pages`;
 * - backlinks exports name the page linked to `Target URL` (Ahrefs, Semrush), a page `URL` or `Page URL`.
 */
export const TRAFFIC_URL_NAMES: readonly string[] = [
  'top pages',
  'target url',
  'page url',
  'landing page',
  'page',
  'pages',
  'url',
  'address',
  'target',
];

/**
 * The number column, the earlier preferred: Search Console's `Clicks` (visits from search; `Impressions` are not
 * visits and are never taken), analytics' visits, then the counts of links in a backlinks export by target page
 * (Ahrefs' "Best by links": `Referring domains`). A file without one counts each row once.
 */
export const TRAFFIC_NUMBER_NAMES: readonly string[] = [
  'clicks',
  'sessions',
  'visits',
  'views',
  'pageviews',
  'referring domains',
  'backlinks',
  'links',
];

/**
 * The column naming the linking page in a backlinks export that lists one link a row (Ahrefs' `Referring page URL`,
 * Semrush's `Source url`): such a file counts each row once, whatever numbers it has (its `Referring domains` are
 * the linking site's, not the target's).
 */
export const LINK_SOURCE_NAMES: readonly string[] = ['referring page url', 'source url', 'referring url'];

/** A count as exports write it: `1,234` or `1 234` (thousands apart), or '' for none. */
function countOf(cell: string): number | undefined {
  const digits = cell.replace(/[\s,\u00a0\u202f]/g, '');
  if (digits === '') return 0;
  const value = Number(digits);
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** Reads a traffic export into the tally: each row's URL and number; the rows read. */
export async function readTrafficCsv(stream: Readable, tally: TrafficTally, path: string): Promise<number> {
  let urlColumn = -1;
  let numberColumn = -1;
  let rows = 0;
  for await (const item of readCsvRecords(stream)) {
    if (urlColumn === -1) {
      if (item.kind !== 'record') throw malformedInput(`${path}: line ${item.line}: ${item.message}`);
      const keys = item.record.map(headerKey);
      urlColumn = columnNamed(keys, TRAFFIC_URL_NAMES);
      const perLink = columnNamed(keys, LINK_SOURCE_NAMES) !== -1;
      numberColumn = perLink ? -1 : columnNamed(keys, TRAFFIC_NUMBER_NAMES, [urlColumn]);
      if (urlColumn === -1) {
        throw malformedInput(
          `${path}: line ${item.line}: no URL column in ${JSON.stringify(item.record)}; expected one of ${TRAFFIC_URL_NAMES.join(', ')}`,
        );
      }
      continue;
    }
    rows++;
    tally.lines++;
    if (item.kind !== 'record') {
      tally.skip('unparsable');
      continue;
    }
    const url = item.record[urlColumn] ?? '';
    const hits = numberColumn === -1 ? 1 : countOf(item.record[numberColumn] ?? '');
    if (url === '' || hits === undefined) tally.skip('unparsable');
    else tally.addHits(url, hits);
  }
  return rows;
}
