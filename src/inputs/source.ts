import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { type CsvReadOptions, readCsv } from './csv/read.js';
import { unreadableInput } from './errors.js';
import { FORMAT_TABLE, isRuleFormat } from './formats/table.js';
import type { InputFormat } from './light.js';
import { readList } from './list/read.js';
import { readFailureReason } from './read-failure.js';
import { type ReadRulesOptions, readRules } from './read-rules.js';
import type { InputItem } from './row.js';
import {
  fetchedLike,
  gunzipWhenCompressed,
  isHttpLocation,
  type OpenSitemapOptions,
  openSitemap,
  readSitemap,
  type SitemapReadOptions,
} from './sitemap/index.js';
import { textInput } from './text/text-input.js';

/**
 * Opens the input, checking first that it is a readable file so that a typo fails with exit 2 before any work. An
 * http(s) URL is fetched, and a sitemap gunzipped when it is gzip (src/inputs/sitemap/open-sitemap.ts). Every input
 * is then checked to be text and decoded (./text/text-input.ts): a binary file fails here, before any work too.
 */
export async function openInput(
  path: string,
  stdin: Readable,
  format?: InputFormat,
  sitemap: OpenSitemapOptions = {},
): Promise<Readable> {
  if (path === '-') {
    // A sitemap is gunzipped when it is gzip, from standard input too, before it is checked to be text.
    const bytes = format === 'sitemap' ? gunzipWhenCompressed(stdin, 'standard input', sitemap.maxBytes) : stdin;
    return textInput(bytes, 'standard input', 0);
  }
  if (format === 'sitemap' || isHttpLocation(path)) {
    const opened = await openSitemap(path, sitemap);
    return fetchedLike(opened, await textInput(opened, path));
  }
  // Opened here, not by the stream on its first read, so that a file that cannot be read (missing, a directory,
  // no permission) is an input error before any work, not a failure halfway through.
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    if ((await handle.stat()).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  } catch (error) {
    await handle?.close();
    throw unreadableInput(`cannot read ${path}: ${readFailureReason(error)}`, error);
  }
  return textInput(handle.createReadStream(), path);
}

/** How `readInput` reads: the rules' options, and for a CSV the columns `--columns` names and who to tell. */
export interface InputReadOptions extends ReadRulesOptions {
  csv?: Omit<CsvReadOptions, 'baseUrl'>;
  /** A list's lines starting with `//` are paths (`--samples`), not hosts. */
  slashPaths?: boolean;
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
  if (format === 'list') return readList(stream, options.baseUrl, { slashPaths: options.slashPaths === true });
  if (format === 'sitemap') return readSitemap(stream, options);
  return readRules(format, stream, options);
}

/**
 * How a format's lines stand to its rows: `plain`, one rule a line; `headed`, the same after a header line; absent
 * for JSON, TOML and nginx, whose lines say nothing of the rows. A CSV is headed and a list plain; a rule format says
 * its own (its folder's index.ts in src/inputs/formats/).
 */
function lineKind(format: InputFormat): 'plain' | 'headed' | undefined {
  if (format === 'csv') return 'headed';
  if (format === 'list') return 'plain';
  return isRuleFormat(format) ? FORMAT_TABLE[format].lines : undefined;
}

/** Whether counting a file's lines estimates its rows (see {@link countCandidateRows}). */
export function hasLineRows(format: InputFormat): boolean {
  return lineKind(format) !== undefined;
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
  return lineKind(format) === 'headed' ? Math.max(0, count - 1) : count;
}
