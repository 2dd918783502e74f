/*
 * A file's format by what its start shows. Free of Node: the page detects a paste with it (src/inputs/portable.ts),
 * so that a paste is read as `hoplens check` reads the same file.
 */
import { CSV_HEADER_NAMES } from '../csv/header.js';
import type { InputFormat } from '../light.js';
import { headerKey } from '../text/header-key.js';
import { lineSign } from './line-signs.js';

/** How much of a file's start detection reads: a header comment block and a few dozen rules fit in it. */
export const HEAD_BYTES = 16 * 1024;

/** How many meaningful lines of a file's start are looked at: enough to see past a header comment block. */
const LINES_LOOKED_AT = 50;

/** The first meaningful lines of `head`: not blank, not a `#` comment, trimmed. */
function meaningfulLines(head: string): string[] {
  const lines: string[] = [];
  for (const line of head.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    lines.push(text);
    if (lines.length === LINES_LOOKED_AT) break;
  }
  return lines;
}

/** Whether a line is one JSON object with a `source` and a `destination`: a line of Vercel's JSONL bulk redirects. */
function isBulkLine(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && 'source' in value && 'destination' in value;
  } catch {
    return false;
  }
}

/**
 * A JSON file's format by the keys it holds (its start may be cut short, so keys are looked for as text): an object
 * with `redirects` of entries with `action_data` is a WordPress Redirection export, else a vercel.json (`redirects`,
 * `routes` or `bulkRedirectsPath`); lines that are each a `source`/`destination` object are Vercel's bulk redirects
 * as JSON Lines; an array of entries with `destination` is Vercel's bulk redirects, with `target` Amplify's.
 */
function jsonFormat(lines: readonly string[]): InputFormat | undefined {
  const head = lines.join('\n');
  const has = (key: string) => new RegExp(`"${key}"\\s*:`).test(head);
  if (head.trimStart().startsWith('{')) {
    if (has('redirects') && has('action_data')) return 'wordpress';
    if (has('redirects') || has('routes') || has('bulkRedirectsPath')) return 'vercel';
    return isBulkLine(lines[0]!) ? 'vercel-bulk' : undefined;
  }
  if (has('destination')) return 'vercel-bulk';
  return has('source') && has('target') ? 'amplify' : undefined;
}

/** Whether a line is a CSV header naming a source column (`source,target,status`, `Redirect from;Redirect to`). */
function isCsvHeader(line: string): boolean {
  const cells = line.split(/[,;\t]/).map((cell) => headerKey(cell.replace(/^"|"$/g, '')));
  return cells.length > 1 && cells.some((cell) => CSV_HEADER_NAMES.source.includes(cell));
}

/**
 * The format the start of a file shows, when its name did not settle it; undefined when it shows none (a list of
 * URLs shows none: one URL a line is no rule format's line). In order: JSON by its keys; a `[[redirects]]` table
 * (netlify.toml); Apache directives with no nginx one, or nginx directives with no Apache one; lines that are all
 * `_redirects` rules (`from to [status]`); a CSV header naming a source column.
 */
export function formatOfContent(head: string): InputFormat | undefined {
  const lines = meaningfulLines(head);
  if (lines.length === 0) return undefined;
  // `{`, or `[` opening an array (`[{`, `["`, `[]`, a lone `[`), not a TOML table (`[build]`, `[[redirects]]`).
  if (/^(?:\{|\[\s*(?:[{"\]]|$))/.test(lines[0]!)) return jsonFormat(lines);
  const signs = lines.map((line) => lineSign(line)?.format);
  if (signs.includes('netlify') && lines.some((line) => line.startsWith('[[redirects]]'))) return 'netlify';
  const apache = signs.includes('apache');
  const nginx = signs.includes('nginx');
  if (apache !== nginx) return apache ? 'apache' : 'nginx';
  if (signs.every((sign) => sign === 'netlify')) return 'netlify';
  return isCsvHeader(lines[0]!) ? 'csv' : undefined;
}

/**
 * The format of a text that has no name to go by (a paste in the page; a file whose name says nothing): what its
 * start shows, else a list, as `hoplens check` reads such a file (./detect.ts).
 */
export function formatOfText(text: string): InputFormat {
  return formatOfContent(text.slice(0, HEAD_BYTES)) ?? 'list';
}
