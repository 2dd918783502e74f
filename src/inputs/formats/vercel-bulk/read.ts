import type { Readable } from 'node:stream';
import type { InputItem } from '../../row.js';
import { type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { readPresetCsv } from '../../text/header-csv.js';
import { isJsonObject, type JsonObject, jsonEntries, notAnObject } from '../../text/json-rules.js';
import { readWholeText } from '../../text/whole-text.js';
import { vercelStatus } from '../vercel/read.js';

/** CSV booleans: `true`/`false`, or `t`/`f` as Vercel allows; empty is absent. */
function csvBoolean(text: string): boolean | string | undefined {
  const lower = text.toLowerCase();
  if (lower === '') return undefined;
  if (lower === 't' || lower === 'true') return true;
  if (lower === 'f' || lower === 'false') return false;
  return text;
}

/** One bulk redirect: a literal source path (no patterns in bulk redirects), a destination, `permanent`/`statusCode`. */
function bulkItem(rule: JsonObject, line: number, options: RuleReadOptions): InputItem {
  const { source, destination } = rule;
  if (typeof source !== 'string' || !source.startsWith('/')) {
    return { kind: 'invalid', line, message: '"source" must be a path starting with /' };
  }
  if (typeof destination !== 'string' || destination === '') {
    return { kind: 'invalid', line, message: '"destination" must be a path or URL' };
  }
  // Bulk redirects are temporary unless they say otherwise, unlike vercel.json's redirects.
  const status = vercelStatus(rule, false);
  if (typeof status !== 'number') return { kind: 'invalid', line, message: status.error };
  return ruleRow({ line, from: source, to: destination, status }, options);
}

/** JSON Lines: one object a line. */
function* jsonLines(text: string, options: RuleReadOptions): Generator<InputItem> {
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      yield { kind: 'invalid', line, message: 'not a JSON object' };
      continue;
    }
    yield isJsonObject(value) ? bulkItem(value, line, options) : notAnObject({ line, value });
  }
}

/**
 * Reads Vercel bulk redirects in any of their three forms, told apart by the first character: a JSON array (`[`),
 * JSON Lines (`{`), or CSV with a `source,destination[,permanent,statusCode,...]` header.
 */
export async function* readVercelBulk(stream: Readable, options: RuleReadOptions): AsyncGenerator<InputItem> {
  const text = await readWholeText(stream);
  const first = text.trimStart()[0];
  if (first === '[') {
    for (const entry of jsonEntries(text, 'the bulk redirects file')) {
      yield isJsonObject(entry.value) ? bulkItem(entry.value, entry.line, options) : notAnObject(entry);
    }
    return;
  }
  if (first === '{') {
    yield* jsonLines(text, options);
    return;
  }
  const columns = {
    source: ['source'],
    destination: ['destination'],
    permanent: ['permanent'],
    statusCode: ['statuscode', 'status code'],
  } as const;
  yield* readPresetCsv(text, 'Vercel bulk redirects', columns, ['source', 'destination'], (fields, line) => {
    const rule: JsonObject = { source: fields.source, destination: fields.destination };
    const permanent = csvBoolean(fields.permanent);
    if (permanent !== undefined) rule.permanent = permanent;
    if (fields.statusCode !== '') rule.statusCode = fields.statusCode;
    return bulkItem(rule, line, options);
  });
}
