import { readdir, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { isInputsError } from '../../errors.js';
import { fileErrorReason } from '../../file-error.js';
import { readExactText } from '../../files/read-exact-text.js';
import type { InputItem } from '../../row.js';
import { type RuleFileSpan, RulePlaces } from '../../rule-places.js';
import type { RuleReadOptions } from '../../rule-row.js';
import { isJsonObject } from '../../text/json-rules.js';
import { lineFinder } from '../../text/text-lines.js';
import { type BulkRule, parseVercelBulk } from '../vercel-bulk/read.js';

/** What a missing path means here. */
const READING = { ENOENT: 'no such file or folder' } as const;

/** The files a `bulkRedirectsPath` folder may hold, and how many Vercel reads (its getting-started guide). */
const BULK_EXTENSIONS = new Set(['.csv', '.json', '.jsonl']);
export const MAX_BULK_FILES = 100;

/** A vercel.json's bulk redirects, read from the files its `bulkRedirectsPath` names. */
export interface BulkRedirects {
  /** Their items, numbered after the vercel.json's lines (src/inputs/rule-places.ts), in Vercel's order. */
  items: InputItem[];
  rules: BulkRule[];
  /** Where each file's lines are; absent when there is none. */
  places?: RulePlaces;
}

/** The value as a list of paths, or why it is not one. */
function pathsOf(value: unknown): string[] | string {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 0 && list.every((item) => typeof item === 'string' && item !== '')) return list as string[];
  return '"bulkRedirectsPath" must be a path, or a list of paths, to bulk redirect files or folders';
}

/** The bulk files one path names: the file, or a folder's CSV, JSON and JSONL files by name. */
async function filesAt(dir: string, path: string): Promise<string[] | string> {
  const absolute = resolve(dir, path);
  try {
    if (!(await stat(absolute)).isDirectory()) return [absolute];
    const names = (await readdir(absolute)).filter((name) => BULK_EXTENSIONS.has(extname(name).toLowerCase()));
    return names.sort().map((name) => join(absolute, name));
  } catch (error) {
    return `"bulkRedirectsPath" ${JSON.stringify(path)}: ${fileErrorReason(error, READING)}`;
  }
}

/** Every file the value names, in order, or why they cannot be read as Vercel would. */
async function bulkFiles(value: unknown, dir: string): Promise<string[] | string> {
  const paths = pathsOf(value);
  if (typeof paths === 'string') return paths;
  const files: string[] = [];
  for (const path of paths) {
    const found = await filesAt(dir, path);
    if (typeof found === 'string') return found;
    for (const file of found) if (!files.includes(file)) files.push(file);
  }
  if (files.length > MAX_BULK_FILES)
    return `"bulkRedirectsPath" names ${files.length} files: Vercel reads at most ${MAX_BULK_FILES}`;
  return files;
}

/** One file's items and rules, moved after `offset` in the rule set's numbering, each item keeping its own place. */
function shifted(reading: Awaited<ReturnType<typeof parseVercelBulk>>, offset: number, file: string) {
  const items = reading.items.map((item): InputItem => {
    if (item.kind === 'row') {
      const { row } = item;
      return { kind: 'row', row: { ...row, line: row.line + offset, place: { file, line: row.line } } };
    }
    return { ...item, line: item.line + offset, place: { file, line: item.line } };
  });
  return { items, rules: reading.rules.map((rule) => ({ ...rule, line: rule.line + offset })) };
}

/** The line of the `bulkRedirectsPath` key, for what is said of it. */
function keyLine(text: string): number {
  const at = text.search(/"bulkRedirectsPath"\s*:/);
  return at === -1 ? 1 : lineFinder(text)(at);
}

/** Reads one bulk file into the set, or the message of why it cannot be read. */
async function readBulkFile(
  file: string,
  dir: string,
  options: RuleReadOptions,
  into: BulkRedirects & { spans: RuleFileSpan[]; offset: number },
) {
  const name = relative(dir, file).split(sep).join('/');
  try {
    const { text } = await readExactText(file);
    const reading = shifted(await parseVercelBulk(text, options), into.offset, name);
    into.items.push(...reading.items);
    into.rules.push(...reading.rules);
    const lines = text.split('\n').length;
    into.spans.push({ name, format: 'vercel-bulk', path: file, text, offset: into.offset, lines });
    into.offset += lines;
    return undefined;
  } catch (error) {
    if (isInputsError(error)) return `${name}: ${error.message}`;
    return `${name}: ${fileErrorReason(error, READING)}`;
  }
}

/**
 * The bulk redirects a vercel.json's `bulkRedirectsPath` names (https://vercel.com/docs/project-configuration/vercel-json#bulkredirectspath):
 * a file, a folder of up to 100 CSV, JSON and JSONL files (each told apart by its content), or a list of them,
 * resolved against the vercel.json's folder `dir`. Without a folder (standard input, pasted text) they are skipped.
 */
export async function readBulkRedirects(
  text: string,
  parsed: unknown,
  dir: string | undefined,
  options: RuleReadOptions,
): Promise<BulkRedirects> {
  const value = isJsonObject(parsed) ? parsed.bulkRedirectsPath : undefined;
  if (value === undefined) return { items: [], rules: [] };
  const line = keyLine(text);
  if (dir === undefined) {
    const reason = 'its files are read beside a vercel.json file, not from standard input or pasted text';
    return { items: [{ kind: 'skipped', line, text: 'bulkRedirectsPath', reason }], rules: [] };
  }
  const files = await bulkFiles(value, dir);
  if (typeof files === 'string') return { items: [{ kind: 'invalid', line, message: files }], rules: [] };
  const set = {
    items: [] as InputItem[],
    rules: [] as BulkRule[],
    spans: [] as RuleFileSpan[],
    offset: text.split('\n').length,
  };
  for (const file of files) {
    const problem = await readBulkFile(file, dir, options, set);
    if (problem !== undefined) set.items.push({ kind: 'invalid', line, message: `"bulkRedirectsPath": ${problem}` });
  }
  return { items: set.items, rules: set.rules, places: new RulePlaces(set.spans) };
}
