import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { InputItem } from '../../check/row.js';
import { cliError } from '../errors.js';
import { readCsv } from './csv.js';
import { readList } from './list.js';
import { readNetlify } from './netlify.js';

/** The input formats of `hoplens check`. */
export const INPUT_FORMATS = ['csv', 'list', 'netlify'] as const;
/** An input format of `hoplens check`. */
export type InputFormat = (typeof INPUT_FORMATS)[number];

/**
 * The format of `file`: `--input` when given, else `.csv` → csv, a file named `_redirects` (or `*.redirects`) →
 * netlify, anything else → list. Standard input (`-`) is a list unless `--input` says otherwise.
 */
export function detectInputFormat(file: string, explicit: InputFormat | undefined): InputFormat {
  if (explicit !== undefined) return explicit;
  if (file === '-') return 'list';
  const name = basename(file).toLowerCase();
  if (extname(name) === '.csv') return 'csv';
  if (name === '_redirects' || name.endsWith('.redirects') || name.endsWith('_redirects')) return 'netlify';
  return 'list';
}

/** Opens the input, checking first that it is a readable file so that a typo fails with exit 2 before any work. */
export async function openInput(path: string, stdin: Readable): Promise<Readable> {
  if (path === '-') return stdin;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error('is a directory');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw cliError('INPUT_ERROR', `cannot read ${path}: ${reason}`);
  }
  const stream = createReadStream(path);
  // Errors after opening (EACCES) surface through the reader that consumes the stream.
  return stream;
}

/** The reader for `format`. */
export function readInput(
  format: InputFormat,
  stream: Readable,
  baseUrl: string | undefined,
): AsyncIterable<InputItem> {
  switch (format) {
    case 'csv':
      return readCsv(stream, baseUrl);
    case 'list':
      return readList(stream, baseUrl);
    case 'netlify':
      if (baseUrl === undefined) throw cliError('USAGE_ERROR', '--base-url is required for _redirects input');
      return readNetlify(stream, baseUrl);
  }
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
  // The CSV header is not a row.
  return format === 'csv' ? Math.max(0, count - 1) : count;
}
