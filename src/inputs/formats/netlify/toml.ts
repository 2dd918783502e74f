import { malformedInput } from '../../errors.js';
import { readStatus } from '../../text/urls.js';
import { forwardTarget, type NetlifyRule, type RedirectsVariant, reservedSource } from './line.js';
import type { NetlifyEntry } from './redirects-text.js';
import type { NetlifyReadOptions } from './rule.js';

type Table = Record<string, unknown>;

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** The lines of the `[[redirects]]` headers, in order: where each rule of the array starts. */
function headerLines(lines: readonly string[]): number[] {
  return lines.flatMap((text, index) => (/^\s*\[\[\s*redirects\s*\]\]/.test(text) ? [index + 1] : []));
}

/** Netlify's condition names, in either case, and their values (a list, or a comma-separated string). */
function conditionsOf(value: unknown): string[] {
  if (!isTable(value)) return [];
  return Object.entries(value).map(([key, raw]) => `${key}=${Array.isArray(raw) ? raw.join(',') : String(raw)}`);
}

/**
 * Reads one `[[redirects]]` table with the field names Netlify's parser accepts, older names included (`origin` for
 * `from`, `destination` for `to`, `params`/`parameters` for `query`, `sign`/`signing` for `signed`).
 */
export function tomlRule(table: Table, variant: NetlifyReadOptions['variant']): NetlifyRule | { error: string } {
  const from = table.from ?? table.origin;
  if (typeof from !== 'string' || from === '') return { error: 'a redirect needs "from"' };
  const reserved = reservedSource(from);
  if (reserved !== undefined) return { error: reserved };
  if (table.headers !== undefined && !isTable(table.headers)) return { error: '"headers" must be a table' };
  let status = variant === 'cloudflare-pages' ? 302 : 301;
  if (table.status !== undefined) {
    const read = readStatus(String(table.status).trim());
    if (!read.ok) return { error: read.message };
    status = read.status;
  }
  const rawTo = table.to ?? table.destination;
  if (rawTo !== undefined && typeof rawTo !== 'string') return { error: '"to" must be a string' };
  const to = rawTo ?? forwardTarget(from, status);
  if (to === undefined) return { error: `a redirect with status ${status} needs "to"` };
  const rawQuery = table.query ?? table.params ?? table.parameters ?? {};
  if (!isTable(rawQuery)) return { error: '"query" must be a table' };
  const query = Object.entries(rawQuery).map(([key, value]): [string, string] => [key, String(value)]);
  // Netlify's parser keeps a quoted `force = "true"` as written (normalize.js passes `force` through): the rule stands,
  // forced as its author meant.
  const force = table.force === true || table.force === 'true';
  const rule: NetlifyRule = { from, query, to, status, force, conditions: [] };
  if (table.status !== undefined) rule.statusWritten = true;
  rule.conditions = conditionsOf(table.conditions);
  const signed = table.signed ?? table.signing ?? table.sign;
  if (typeof signed === 'string') rule.signed = signed;
  return rule;
}

/** Parses the `[[redirects]]` of a `netlify.toml`; each rule is on the line of its `[[redirects]]`. */
export async function parseNetlifyToml(text: string, variant: RedirectsVariant | undefined): Promise<NetlifyEntry[]> {
  const { parse, TomlError } = await import('smol-toml');
  let config: Table;
  try {
    config = parse(text) as Table;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw malformedInput(`line ${error.line}: not valid TOML: ${error.message.split('\n')[0]}`);
  }
  const redirects = config.redirects;
  if (redirects === undefined) return [];
  if (!Array.isArray(redirects)) throw malformedInput('"redirects" must be an array of [[redirects]] tables');
  const lines = headerLines(text.split('\n'));
  return redirects.map((entry, index): NetlifyEntry => {
    // Inline arrays (`redirects = [{...}]`) have no headers: their rules share the line of the first one found.
    const line = lines.length === redirects.length ? lines[index]! : (lines[0] ?? 1);
    if (!isTable(entry)) return { line, error: 'each redirect must be a table' };
    const rule = tomlRule(entry, variant);
    if ('error' in rule) return { line, error: rule.error };
    const summary = `from = ${JSON.stringify(rule.from)}, to = ${JSON.stringify(rule.to)}, status = ${rule.status}`;
    return { line, text: summary, rule };
  });
}
