/**
 * Version 1 of the report data, which reports written before the columns embed (one array per row, URLs in a string
 * table): read into the same columns, so that such a file dropped on the page still shows.
 */
import { originOf } from './compact-columns.js';
import type { ReportData } from './report-data.js';
import type { RowNotes, StoreParts } from './store-parts.js';

type LegacyHop = [url: number, status: number, ms: number, kind: number];
type LegacyRow = [
  line: number,
  source: number,
  target: number,
  expectedStatus: number,
  outcome: number,
  finalStatus: number,
  finalUrl: number,
  redirects: number,
  time: number,
  reasons: string[],
  warnings: string[],
  types: string[],
  error: string,
  hops: LegacyHop[],
];

interface LegacyData {
  strings: string[];
  rows: LegacyRow[];
}

function urlOrigins(urls: readonly string[]): { origins: string[]; urlOrigin: Int32Array } {
  const origins: string[] = [];
  const index = new Map<string, number>();
  const urlOrigin = new Int32Array(urls.length);
  urls.forEach((url, i) => {
    const origin = originOf(url);
    if (origin === undefined) {
      urlOrigin[i] = -1;
      return;
    }
    let at = index.get(origin);
    if (at === undefined) {
      at = origins.push(origin) - 1;
      index.set(origin, at);
    }
    urlOrigin[i] = at;
  });
  return { origins, urlOrigin };
}

export function legacyParts(data: ReportData): StoreParts {
  const { strings, rows } = data as unknown as LegacyData;
  const count = rows.length;
  const column = () => new Int32Array(count);
  const parts: StoreParts = {
    count,
    urls: strings,
    ...urlOrigins(strings),
    line: column(),
    outcome: column(),
    source: column(),
    target: column(),
    expectedStatus: column(),
    finalStatus: column(),
    finalUrl: column(),
    redirects: column(),
    time: column(),
    hopStart: new Int32Array(count + 1),
    hopUrl: new Int32Array(rows.reduce((sum, row) => sum + row[13].length, 0)),
    hopStatus: new Int32Array(0),
    hopMs: new Int32Array(0),
    hopKind: new Int32Array(0),
    notes: new Array<RowNotes | undefined>(count),
  };
  parts.hopStatus = new Int32Array(parts.hopUrl.length);
  parts.hopMs = new Int32Array(parts.hopUrl.length);
  parts.hopKind = new Int32Array(parts.hopUrl.length);
  let hop = 0;
  rows.forEach((row, i) => {
    const fields = [parts.line, parts.source, parts.target, parts.expectedStatus, parts.outcome] as const;
    fields.forEach((target, f) => {
      target[i] = row[f] as number;
    });
    [parts.finalStatus[i], parts.finalUrl[i], parts.redirects[i], parts.time[i]] = [row[5], row[6], row[7], row[8]];
    for (const [url, status, ms, kind] of row[13]) {
      [parts.hopUrl[hop], parts.hopStatus[hop], parts.hopMs[hop], parts.hopKind[hop]] = [url, status, ms, kind];
      hop++;
    }
    parts.hopStart[i + 1] = hop;
    const [reasons, warnings, types, error] = [row[9], row[10], row[11], row[12]];
    if (reasons.length + warnings.length + types.length > 0 || error !== '') {
      parts.notes[i] = { reasons, warnings, types, ...(error === '' ? {} : { error }) };
    }
  });
  return parts;
}
