import { parse as parsePattern } from 'path-to-regexp';
import type { InputItem } from '../../row.js';
import { REDIRECT_STATUSES, type RuleReadOptions, ruleRow } from '../../rule-row.js';
import {
  isJsonObject,
  type JsonEntry,
  type JsonObject,
  jsonEntries,
  jsonEntriesOf,
  notAnObject,
  parseJson,
  ruleText,
} from '../../text/json-rules.js';
import { hasSegments } from './conditions.js';

/** The source as a literal path, or why it is a pattern (or not a valid one), read with Vercel's path-to-regexp 6. */
export function literalVercelSource(source: string): { path: string } | { pattern: string } | { error: string } {
  let tokens: ReturnType<typeof parsePattern>;
  try {
    tokens = parsePattern(source);
  } catch (error) {
    return { error: `not a valid source pattern: ${(error as Error).message}` };
  }
  const keys = tokens.filter((token) => typeof token !== 'string');
  if (keys.length > 0) {
    const names = keys.map((key) =>
      typeof key.name === 'number' ? `(${key.pattern})` : `:${key.name}${key.modifier}`,
    );
    return { pattern: `pattern in the source (${names.join(' ')})` };
  }
  return { path: tokens.join('') };
}

/**
 * The status of a rule: `statusCode`, else `permanent` (default true: 308), false: 307. `statusCode` may be any 3xx
 * (`300` is deployed as written, and no browser follows it); both together are refused, as Vercel refuses to deploy
 * them (@vercel/routing-utils, checkRedirect). `strict` is for vercel.json; bulk redirects keep their own rules.
 */
export function vercelStatus(
  rule: JsonObject,
  permanentByDefault: boolean,
  strict = false,
): number | { error: string } {
  if (strict && rule.statusCode !== undefined && rule.permanent !== undefined) {
    return { error: 'a redirect cannot define both "permanent" and "statusCode" (Vercel refuses to deploy it)' };
  }
  if (rule.statusCode !== undefined) {
    const code = Number(rule.statusCode);
    if (strict)
      return Number.isInteger(code) && code >= 300 && code <= 399 ? code : { error: 'statusCode must be a 3xx status' };
    return REDIRECT_STATUSES.has(code) ? code : { error: `statusCode must be 301, 302, 303, 307 or 308` };
  }
  const permanent = rule.permanent ?? permanentByDefault;
  if (typeof permanent !== 'boolean') return { error: '"permanent" must be true or false' };
  return permanent ? 308 : 307;
}

/**
 * A parameter the destination names but neither the source nor the rule's `has` defines, which Vercel refuses to
 * deploy (@vercel/routing-utils, checkPatternSyntax: "has segment … in `destination` property but not in `source` or
 * `has` property"): looked for in the destination's host, path and query (routing-utils accepts an undefined name in
 * the fragment). The names `has` defines are those of conditions.ts (a key without a value, a named group, `host`).
 */
export function undefinedDestinationSegment(rule: JsonObject): string | undefined {
  const { source, destination } = rule;
  if (typeof source !== 'string' || typeof destination !== 'string') return undefined;
  let tokens: ReturnType<typeof parsePattern>;
  try {
    tokens = parsePattern(source);
  } catch {
    return undefined;
  }
  const names = new Set(tokens.flatMap((token) => (typeof token === 'string' ? [] : [String(token.name)])));
  for (const name of hasSegments(rule.has)) names.add(name);
  const pathAndQuery = destination.replace(/^[a-z][a-z0-9+.-]*:(?:\/\/[^/?#]*)?/i, '').split('#', 1)[0] ?? '';
  // The host is checked too (`https://:sub.example/`), not the user information or the port.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(destination)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  const used = [...`${host}${pathAndQuery}`.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const missing = used.find((name) => !names.has(name));
  return missing === undefined
    ? undefined
    : `the destination uses :${missing}, which neither the source nor "has" defines (Vercel refuses to deploy it)`;
}

/** One `redirects` entry of a vercel.json. */
function vercelItem(rule: JsonObject, line: number, options: RuleReadOptions): InputItem {
  const { source, destination } = rule;
  if (typeof source !== 'string' || !source.startsWith('/')) {
    return { kind: 'invalid', line, message: '"source" must be a path starting with /' };
  }
  if (typeof destination !== 'string' || destination === '') {
    return { kind: 'invalid', line, message: '"destination" must be a path or URL' };
  }
  const status = vercelStatus(rule, true, true);
  if (typeof status !== 'number') return { kind: 'invalid', line, message: status.error };
  const undefinedSegment = undefinedDestinationSegment(rule);
  if (undefinedSegment !== undefined) return { kind: 'invalid', line, message: undefinedSegment };
  const literal = literalVercelSource(source);
  if ('error' in literal) return { kind: 'invalid', line, message: literal.error };
  const text = ruleText(source, destination);
  if ('pattern' in literal) return { kind: 'skipped', line, text, reason: literal.pattern };
  const conditions = ['has', 'missing'].filter((key) => Array.isArray(rule[key]) && (rule[key] as []).length > 0);
  if (conditions.length > 0) return { kind: 'skipped', line, text, reason: `conditional (${conditions.join(', ')})` };
  return ruleRow({ line, from: literal.path, to: destination, status }, options);
}

/** Parses a vercel.json's `redirects`, each entry on the line its object starts: the rows and the matcher read this. */
export function parseVercel(text: string): JsonEntry[] {
  return jsonEntries(text, 'vercel.json', 'redirects');
}

/** {@link parseVercel} with the whole file as parsed, for the settings that redirect too (site-redirects.ts). */
export function parseVercelFile(text: string): { entries: JsonEntry[]; parsed: unknown } {
  const parsed = parseJson(text, 'vercel.json');
  return { entries: jsonEntriesOf(text, parsed, 'vercel.json', 'redirects'), parsed };
}

/**
 * The rows of a parsed vercel.json. A literal source is a row; a pattern source (`:slug`, `(.*)`, `:path*`) matches
 * many paths and a `has`/`missing` rule some requests only: both are skipped and counted.
 */
export function vercelItems(entries: readonly JsonEntry[], options: RuleReadOptions): InputItem[] {
  return entries.map((entry) =>
    isJsonObject(entry.value) ? vercelItem(entry.value, entry.line, options) : notAnObject(entry),
  );
}
