/**
 * A crawl's report as `hoplens check` rows: every reported link of the store made a row (src/crawl/crawl-rows.ts),
 * handed to `row` in order, and added to the `--map` when one is kept. The writer of the rows (the CLI's formatters)
 * and the map's writer are the caller's: the crawl writes nothing itself.
 */

import type { RowResult } from '../check/index.js';
import type { CrawlMap } from './crawl-map.js';
import { type CrawlTotals, crawlReport } from './crawl-report.js';
import { crawlRow } from './crawl-rows.js';
import type { CrawlStore } from './crawl-store.js';

export interface ReportRowsOptions {
  /** `--strict`: a warning fails its row too. */
  strict: boolean;
  /** Called with each row, in the report's order. */
  row: (row: RowResult) => Promise<void>;
  map?: CrawlMap;
}

export interface ReportedRows {
  totals: CrawlTotals;
  passed: number;
  failed: number;
}

export async function reportRows(store: CrawlStore, options: ReportRowsOptions): Promise<ReportedRows> {
  let line = 0;
  let passed = 0;
  let failed = 0;
  const totals = await crawlReport(store, async (reported) => {
    const row = crawlRow(reported, ++line, options.strict);
    if (row.outcome === 'failed') failed++;
    else passed++;
    await options.map?.add(reported);
    await options.row(row);
  });
  return { totals, passed, failed };
}
