import type { Readable } from 'node:stream';
import type { InputItem } from '../../row.js';
import { type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { readPresetCsv } from '../../text/header-csv.js';
import { isJsonObject, type JsonObject, jsonEntries, notAnObject } from '../../text/json-rules.js';
import { readWholeText } from '../../text/whole-text.js';
import { vercelStatus } from '../vercel/read.js';

/**
 * One bulk redirect as Vercel applies it (https://vercel.com/docs/routing/redirects/bulk-redirects): an exact path
 * (no patterns), matched case-insensitively unless `caseSensitive`, the request's query string dropped unless `query`.
 */
export interface BulkRule {
  line: number;
  source: string;
  destination: string;
  status: number;
  caseSensitive: boolean;
  query: boolean;
}

/** A bulk redirects file read: its items in file order, and the rules among them that Vercel would apply. */
export interface BulkReading {
  items: InputItem[];
  rules: BulkRule[];
}

/** Vercel's documented bound on a bulk redirect's `source` and `destination`. */
const MAX_FIELD_LENGTH = 2048;

/** CSV booleans: `true`/`false`, or `t`/`f` as Vercel allows; empty is absent. */
function csvBoolean(text: string): boolean | string | undefined {
  const lower = text.toLowerCase();
  if (lower === '') return undefined;
  if (lower === 't' || lower === 'true') return true;
  if (lower === 'f' || lower === 'false') return false;
  return text;
}

/** A boolean field, absent meaning `false`; `names` in order (Vercel's earlier docs said `sensitive`). */
function flag(rule: JsonObject, names: readonly string[]): boolean | { error: string } {
  const name = names.find((key) => rule[key] !== undefined);
  if (name === undefined) return false;
  return typeof rule[name] === 'boolean' ? rule[name] : { error: `"${name}" must be true or false` };
}

/** Why a rule's source or destination cannot be deployed, or undefined. */
function fieldProblem(source: unknown, destination: unknown): string | undefined {
  if (typeof source !== 'string' || !source.startsWith('/')) return '"source" must be a path starting with /';
  if (typeof destination !== 'string' || destination === '') return '"destination" must be a path or URL';
  const long = source.length > MAX_FIELD_LENGTH ? 'source' : destination.length > MAX_FIELD_LENGTH ? 'destination' : '';
  return long === '' ? undefined : `"${long}" is longer than Vercel's ${MAX_FIELD_LENGTH} characters`;
}

/**
 * One bulk redirect's item, its rule kept in `into` when Vercel would apply it: a literal source path (`/blog/:slug` is that path, not a pattern), a destination, its status
 * (`statusCode`, else `permanent`, else 307), `caseSensitive` and `query`.
 */
function bulkItem(rule: JsonObject, line: number, options: RuleReadOptions, into: BulkReading): InputItem {
  const problem = fieldProblem(rule.source, rule.destination);
  const status = vercelStatus(rule, false);
  const caseSensitive = flag(rule, ['caseSensitive', 'sensitive']);
  const query = flag(rule, ['query']);
  const error = [status, caseSensitive, query].find((value) => typeof value === 'object');
  const message = problem ?? (error as { error: string } | undefined)?.error;
  if (message !== undefined) return { kind: 'invalid', line, message };
  const source = rule.source as string;
  const destination = rule.destination as string;
  // Vercel matches the path without its query string: a source with one never applies.
  if (source.includes('?'))
    return { kind: 'skipped', line, text: source, reason: 'a query in the source (never matched)' };
  const read = { line, source, destination, status: status as number };
  into.rules.push({ ...read, caseSensitive: caseSensitive as boolean, query: query as boolean });
  return ruleRow({ line, from: source, to: destination, status: read.status }, options);
}

/** JSON Lines: one object a line. */
function jsonLines(text: string, options: RuleReadOptions, into: BulkReading): void {
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      into.items.push({ kind: 'invalid', line, message: 'not a JSON object' });
      continue;
    }
    if (isJsonObject(value)) into.items.push(bulkItem(value, line, options, into));
    else into.items.push(notAnObject({ line, value }));
  }
}

const CSV_COLUMNS = {
  source: ['source'],
  destination: ['destination'],
  permanent: ['permanent'],
  statusCode: ['statuscode', 'status code'],
  caseSensitive: ['casesensitive', 'sensitive'],
  query: ['query'],
} as const;

/** The CSV form: a `source,destination[,permanent,statusCode,caseSensitive,query]` header, booleans as `t`/`f` too. */
async function csvRules(text: string, options: RuleReadOptions, into: BulkReading): Promise<void> {
  const records = readPresetCsv(text, 'Vercel bulk redirects', CSV_COLUMNS, ['source', 'destination'], (f, line) => {
    const rule: JsonObject = { source: f.source, destination: f.destination };
    for (const name of ['permanent', 'caseSensitive', 'query'] as const) {
      const value = csvBoolean(f[name]);
      if (value !== undefined) rule[name] = value;
    }
    if (f.statusCode !== '') rule.statusCode = f.statusCode;
    return bulkItem(rule, line, options, into);
  });
  for await (const item of records) into.items.push(item);
}

/**
 * Reads Vercel bulk redirects in any of their three forms, told apart by the first character: a JSON array (`[`),
 * JSON Lines (`{`), or CSV with a `source,destination[,...]` header.
 */
export async function parseVercelBulk(text: string, options: RuleReadOptions): Promise<BulkReading> {
  const reading: BulkReading = { items: [], rules: [] };
  const first = text.trimStart()[0];
  if (first === '[') {
    for (const entry of jsonEntries(text, 'the bulk redirects file')) {
      if (isJsonObject(entry.value)) reading.items.push(bulkItem(entry.value, entry.line, options, reading));
      else reading.items.push(notAnObject(entry));
    }
  } else if (first === '{') jsonLines(text, options, reading);
  else await csvRules(text, options, reading);
  return reading;
}

/** {@link parseVercelBulk} of a stream's text, its items in order. */
export async function* readVercelBulk(stream: Readable, options: RuleReadOptions): AsyncGenerator<InputItem> {
  yield* (await parseVercelBulk(await readWholeText(stream), options)).items;
}
