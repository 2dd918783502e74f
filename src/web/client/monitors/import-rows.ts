/**
 * Bulk import in the page: a pasted CSV, URL list or rules file (`_redirects`, nginx, Apache, vercel.json) read by
 * the inputs room's own text parsers (src/inputs/portable.ts, the readers of `hoplens check` and `hoplens monitor
 * import`), each row a monitor body as `hoplens monitor import` makes it (docs/monitors.md). Without the DOM.
 */

import {
  type CheckRow,
  csvRows,
  csvTextRecords,
  type InputItem,
  type PortableRuleFormat,
  parseListText,
  readRulesText,
} from '../../../inputs/portable.js';
import type { MonitorBody, MonitorInput } from '../../../schemas/monitor.js';

/** What can be pasted. */
export const IMPORT_FORMATS = [
  ['csv', 'CSV'],
  ['list', 'URL list'],
  ['netlify', '_redirects (Netlify, Cloudflare Pages)'],
  ['nginx', 'nginx'],
  ['apache', 'Apache (.htaccess)'],
  ['vercel', 'vercel.json'],
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number][0];

/** The items of a pasted text; a text unreadable as a whole throws the inputs room's error. */
export async function importItems(format: ImportFormat, text: string, baseUrl?: string): Promise<InputItem[]> {
  const base = baseUrl === undefined || baseUrl === '' ? undefined : baseUrl;
  if (format === 'list') return parseListText(text, base);
  if (format !== 'csv')
    return readRulesText(format as PortableRuleFormat, text, base === undefined ? {} : { baseUrl: base });
  const items: InputItem[] = [];
  for await (const item of csvRows(csvTextRecords(text), base === undefined ? {} : { baseUrl: base })) items.push(item);
  return items;
}

/** A URL compared as the service stores it: parsed, so `https://a.example` is `https://a.example/`. */
function normalUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** The same check as `hoplens monitor import` counts it: one URL, target and status (re-importing creates nothing). */
export function importIdentity(url: string, target: string | undefined, status: number | undefined): string {
  return JSON.stringify([normalUrl(url), target === undefined ? null : normalUrl(target), status ?? null]);
}

export const monitorIdentity = (monitor: MonitorBody) =>
  importIdentity(monitor.url, monitor.expect.target, monitor.expect.status);

/** The body creating a row's monitor, with the interval and labels given to every row. */
export function rowMonitor(row: CheckRow, interval: number | undefined, labels: Record<string, string>): MonitorInput {
  const expect: NonNullable<MonitorInput['expect']> = {};
  if (row.target !== undefined) expect.target = row.target;
  if (row.status !== undefined) expect.status = row.status;
  return {
    url: row.source,
    ...(Object.keys(expect).length > 0 && { expect }),
    ...(interval !== undefined && { interval }),
    ...(Object.keys(labels).length > 0 && { labels }),
  };
}
