/**
 * Bulk import in the page: a pasted CSV, URL list or rules file (`_redirects`, nginx, Apache, vercel.json) read by
 * the inputs room's own text parsers (src/inputs/portable.ts, the readers of `hoplens check` and `hoplens monitor
 * import`), each row a monitor body as `hoplens monitor import` makes it (docs/monitors.md). Without the DOM.
 */

import {
  csvRows,
  csvTextRecords,
  type InputItem,
  type PortableRuleFormat,
  parseListText,
  readRulesText,
} from '../../../inputs/portable.js';

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

export { importIdentity, monitorIdentity, rowMonitor } from '../../../schemas/monitor-import.js';
