import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { InputItem } from '../../inputs/index.js';
import {
  type ReadRulesOptions,
  RULE_FORMATS,
  type RuleFormat,
  readRules,
  ruleFormatOfName,
} from '../../inputs/index.js';
import {
  isHttpLocation,
  isSitemapName,
  type OpenSitemapOptions,
  openSitemap,
  readSitemap,
  type SitemapReadOptions,
} from '../../inputs/sitemap/index.js';
import { cliError } from '../errors.js';
import { type CsvReadOptions, readCsv } from './csv.js';
import { readList } from './list.js';
import { readFailureReason } from './read-failure.js';

/** The input formats of `hoplens check`: a CSV, a list, an XML sitemap, or a redirect-rule format of src/rules/. */
export const INPUT_FORMATS = ['csv', 'list', 'sitemap', ...RULE_FORMATS] as const;
/** An input format of `hoplens check`. */
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** Whether a format is one of the redirect-rule formats (read by src/rules/). */
export function isRuleFormat(format: InputFormat): format is RuleFormat {
  return (RULE_FORMATS as readonly string[]).includes(format);
}

/**
 * The format of `file`: `--input` when given, else `.csv` → csv, `.xml`/`.xml.gz` → sitemap (the reader refuses a
 * file whose root is not `<urlset>` or `<sitemapindex>`), a rule file by its name (`_redirects`, `netlify.toml`,
 * `vercel.json`, `.htaccess`, `*.conf`: see src/rules/index.ts), anything else → list. An http(s) URL is named by its
 * path. Standard input (`-`) is a list unless `--input` says otherwise. Tools' exports (`shopify`, `wordpress`...)
 * are CSV or JSON files with no telling name: `--input` names them.
 */
export function detectInputFormat(file: string, explicit: InputFormat | undefined): InputFormat {
  if (explicit !== undefined) return explicit;
  if (file === '-') return 'list';
  const path = isHttpLocation(file) ? new URL(file).pathname : file;
  const name = basename(path).toLowerCase();
  if (extname(name) === '.csv') return 'csv';
  if (isSitemapName(name)) return 'sitemap';
  return ruleFormatOfName(name) ?? 'list';
}

/**
 * Opens the input, checking first that it is a readable file so that a typo fails with exit 2 before any work. An
 * http(s) URL is fetched, and a sitemap gunzipped when it is gzip (src/rules/sitemap/open-sitemap.ts).
 */
export async function openInput(
  path: string,
  stdin: Readable,
  format?: InputFormat,
  sitemap: OpenSitemapOptions = {},
): Promise<Readable> {
  if (path === '-') return stdin;
  if (format === 'sitemap' || isHttpLocation(path)) return openSitemap(path, sitemap);
  // Opened here, not by the stream on its first read, so that a file that cannot be read (missing, a directory,
  // no permission) is an input error before any work, not a failure halfway through.
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    if ((await handle.stat()).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  } catch (error) {
    await handle?.close();
    throw cliError('INPUT_ERROR', `cannot read ${path}: ${readFailureReason(error)}`, {}, { cause: error });
  }
  return handle.createReadStream();
}

/** How `readInput` reads: the rules' options, and for a CSV the columns `--columns` names and who to tell. */
export interface InputReadOptions extends ReadRulesOptions {
  csv?: Omit<CsvReadOptions, 'baseUrl'>;
}

/** The reader for `format`. */
export function readInput(
  format: InputFormat,
  stream: Readable,
  options: InputReadOptions & SitemapReadOptions,
): AsyncIterable<InputItem> {
  if (format === 'csv') {
    return readCsv(stream, { ...options.csv, ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }) });
  }
  if (format === 'list') return readList(stream, options.baseUrl);
  if (format === 'sitemap') return readSitemap(stream, options);
  return readRules(format, stream, options);
}

/** Formats with one rule a line, whose lines give the progress bar a total; the others are JSON, TOML or nginx. */
const LINE_FORMATS: ReadonlySet<InputFormat> = new Set([
  'csv',
  'list',
  'netlify',
  'cloudflare',
  'apache',
  'shopify',
  'screaming-frog',
]);
/** Line formats whose first line is a header. */
const HEADED: ReadonlySet<InputFormat> = new Set(['csv', 'shopify', 'screaming-frog']);

/** Whether counting a file's lines estimates its rows (see {@link countCandidateRows}). */
export function hasLineRows(format: InputFormat): boolean {
  return LINE_FORMATS.has(format);
}

/**
 * Counts the lines that may hold a row (not blank, not a comment), for the progress bar's total. Cheap next to the
 * checks themselves, and only done for files, never for standard input, which can be read once only.
 */
export async function countCandidateRows(path: string, format: InputFormat): Promise<number> {
  let count = 0;
  let lineStart = true;
  let skipLine = false;
  let blank = true;
  for await (const chunk of createReadStream(path)) {
    for (const byte of chunk as Buffer) {
      if (byte === 0x0a) {
        if (!skipLine && !blank) count++;
        lineStart = true;
        skipLine = false;
        blank = true;
        continue;
      }
      if (byte === 0x20 || byte === 0x09 || byte === 0x0d) continue;
      if (lineStart && byte === 0x23) skipLine = true;
      lineStart = false;
      blank = false;
    }
  }
  if (!skipLine && !blank) count++;
  // A CSV header is not a row.
  return HEADED.has(format) ? Math.max(0, count - 1) : count;
}
