/*
 * The inputs room's browser-safe entry: the text parsers, working on a string, that the page's many-URLs mode uses
 * so that it reads a list, a CSV or a rules file exactly as the CLI does, the CLI's detection of a text's format, and
 * the row type they produce. Nothing reached from here imports Node or loads a module lazily, and the only package
 * is csv-parse's browser build of its synchronous parser, which imports nothing (test/architecture/layers.test.ts
 * walks it). The CLI reads through index.ts, whose streaming readers share these same functions (list/lines.ts,
 * csv/rows.ts, each format's parse).
 *
 * Left out: netlify.toml (smol-toml is loaded lazily, which a page bundle does not do here) and the line-by-line
 * formats read from streams (Cloudflare, Shopify, WordPress, the tools' exports), which have no parse from a text yet.
 */

import { parseApache } from './formats/apache/lines.js';
import { apacheItems } from './formats/apache/read.js';
import { parseRedirectsText } from './formats/netlify/redirects-text.js';
import { netlifyItems } from './formats/netlify/rule.js';
import { nginxItems, parseNginx } from './formats/nginx/read.js';
import type { FormatReadOptions } from './formats/spec.js';
import { parseVercel, vercelItems } from './formats/vercel/read.js';
import { listItems } from './list/lines.js';
import type { InputItem } from './row.js';
import { textLines } from './text/text-lines.js';

export { parseColumnChoice } from './csv/column-choice.js';
export { type ColumnChoice, CSV_ROLES, type CsvColumns, describeColumns, readCsvHeader } from './csv/header.js';
export { type CsvReadOptions, csvRows } from './csv/rows.js';
export { formatOfText } from './detect/by-content.js';
export { INPUTS_ERROR_CODES, type InputsError, type InputsErrorCode, isInputsError } from './errors.js';
export type { FormatReadOptions } from './formats/spec.js';
export type { InputFormat } from './light.js';
export type { CheckRow, InputItem, SkippedItem } from './row.js';
export type { RuleReadOptions } from './rule-row.js';
export type { CsvItem } from './text/csv-options.js';
export { csvTextRecords } from './text/csv-text.js';
export { isBlankOrComment, type NumberedLine, textLines } from './text/text-lines.js';
export { readSourceUrl, readStatus, readTargetUrl, type UrlReading } from './text/urls.js';

/** A URL list's text as items: one URL (or path, on `baseUrl`) a line, as `hoplens check` reads a list. */
export function parseListText(text: string, baseUrl?: string): InputItem[] {
  return listItems(textLines(text), baseUrl);
}

/** The rule formats whose text the page parses, with the same parse as the CLI's (each folder's read.ts). */
export const PORTABLE_RULE_FORMATS = ['nginx', 'apache', 'netlify', 'vercel'] as const;
/** A rule format the page parses. */
export type PortableRuleFormat = (typeof PORTABLE_RULE_FORMATS)[number];

/**
 * A rules file's text as items, every rule kept (shadowing by pattern rules needs the matchers, which the page does
 * not load): nginx, Apache, a `_redirects` (not a netlify.toml) and a vercel.json. A file that cannot be read as its
 * format as a whole (a vercel.json that is not JSON) throws its `INPUT_MALFORMED` error.
 */
export function readRulesText(format: PortableRuleFormat, text: string, options: FormatReadOptions = {}): InputItem[] {
  switch (format) {
    case 'nginx':
      return nginxItems(parseNginx(text), options);
    case 'apache':
      return apacheItems(parseApache(text), options);
    case 'netlify':
      return netlifyItems(parseRedirectsText(text, options.variant), options);
    case 'vercel':
      return vercelItems(parseVercel(text), options);
  }
}
