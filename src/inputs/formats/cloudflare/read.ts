import type { Readable } from 'node:stream';
import type { InputItem } from '../../row.js';
import { type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { readCsvRecords } from '../../text/csv-records.js';

/** Statuses a Bulk Redirect may answer with. */
const STATUSES: ReadonlySet<number> = new Set([301, 302, 307, 308]);

/** The optional boolean columns, in order after the status. */
const FLAGS = ['preserve_query_string', 'include_subdomains', 'subpath_matching', 'preserve_path_suffix'] as const;

/** A boolean field: `TRUE`/`true`, `FALSE`/`false`, or empty (false). */
function readFlag(text: string): boolean | undefined {
  if (text === '' || text === 'FALSE' || text === 'false') return false;
  if (text === 'TRUE' || text === 'true') return true;
  return undefined;
}

/** A source URL without a scheme applies to http and https: hoplens checks it over https. */
function withScheme(source: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) ? source : `https://${source}`;
}

/** One record of the list: `source,target[,status,preserve_query_string,include_subdomains,...]`. */
function bulkItem(record: string[], line: number, options: RuleReadOptions): InputItem {
  if (record.length < 2 || record.length > 2 + 1 + FLAGS.length) {
    return { kind: 'invalid', line, message: `expected 2 to ${3 + FLAGS.length} fields, got ${record.length}` };
  }
  const [source = '', target = '', statusText = '', ...flags] = record;
  if (source === '' || target === '')
    return { kind: 'invalid', line, message: 'a source URL and a target URL are needed' };
  if (!/^https?:\/\//i.test(target)) {
    return {
      kind: 'invalid',
      line,
      message: `the target must be an absolute URL: ${JSON.stringify(target.slice(0, 200))}`,
    };
  }
  const status = statusText === '' ? 301 : Number(statusText);
  if (!STATUSES.has(status)) return { kind: 'invalid', line, message: `status must be 301, 302, 307 or 308` };
  for (const [index, flag] of flags.entries()) {
    if (readFlag(flag) === undefined) {
      return { kind: 'invalid', line, message: `${FLAGS[index]} must be TRUE or FALSE, not ${JSON.stringify(flag)}` };
    }
  }
  if (source.includes('*'))
    return { kind: 'skipped', line, text: `${source} → ${target}`, reason: 'wildcard in the source' };
  // Subpath matching and subdomains widen what the rule matches; the source itself still matches, with the target
  // unchanged (no path suffix is left to preserve), so the row checks it.
  return ruleRow({ line, from: withScheme(source), to: target, status }, options);
}

/**
 * Reads a Cloudflare Bulk Redirect List CSV: no header, `source,target` then optional status (default 301) and four
 * TRUE/FALSE parameters. Each source is checked at itself, over https when it names no scheme.
 */
export async function* readCloudflareBulk(stream: Readable, options: RuleReadOptions): AsyncGenerator<InputItem> {
  // "A Bulk Redirect List cannot contain several URL redirects with the exact same source URL" (Cloudflare, URL
  // redirect parameters): the list is refused, so the second is malformed, not a rule that never applies.
  const sources = new Map<string, number>();
  for await (const item of readCsvRecords(stream)) {
    if (item.kind === 'invalid') {
      yield item;
      continue;
    }
    const source = item.record[0] ?? '';
    const earlier = sources.get(source);
    if (earlier !== undefined && source !== '') {
      const message = `the source URL of line ${earlier} again: Cloudflare refuses a list with two redirects for one source`;
      yield { kind: 'invalid', line: item.line, message };
      continue;
    }
    sources.set(source, item.line);
    yield bulkItem(item.record, item.line, options);
  }
}
