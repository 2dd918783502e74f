import type { Readable } from 'node:stream';
import type { InputItem } from '../../check/row.js';
import { isBlankOrComment, readLines } from './lines.js';
import { readSourceUrl, readStatus, readTargetUrl } from './urls.js';

/** Netlify's condition keys: a rule that depends on the visitor's country, language, role or cookies. */
const CONDITIONS = new Set(['country', 'language', 'role', 'cookie']);

/** A `:name` placeholder in a path or a query value, which only Netlify's matcher can fill in. */
const PLACEHOLDER = /(^|\/):[A-Za-z_]/;

/** Statuses Netlify treats as redirects; anything else (200, 404...) is served at the source URL itself. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One parsed `_redirects` rule, before it is made absolute. */
export interface NetlifyRule {
  from: string;
  /** Query parameters the rule matches on (`id=5`). */
  query: Array<[string, string]>;
  to: string;
  /** The rule's status, 301 when it names none. */
  status: number;
  /** `!`: applies even when a file exists at the source path. */
  force: boolean;
  /** Conditions such as `Country=us`. */
  conditions: string[];
}

/** Parses one rule line, or says why it is malformed. */
export function parseNetlifyRule(text: string): NetlifyRule | { error: string } {
  const tokens = text.trim().split(/\s+/);
  const from = tokens[0]!;
  let index = 1;
  const query: Array<[string, string]> = [];
  // Query parameters come between the source and the target: `/store id=:id /blog/:id 301`.
  for (; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(token) || !token.includes('=')) break;
    const equals = token.indexOf('=');
    query.push([token.slice(0, equals), token.slice(equals + 1)]);
  }
  const to = tokens[index++];
  if (to === undefined) return { error: 'a rule needs a source and a target' };
  let status = 301;
  let force = false;
  const statusToken = tokens[index];
  if (statusToken !== undefined && /^\d+!?$/.test(statusToken)) {
    const read = readStatus(statusToken.replace('!', ''));
    if (!read.ok) return { error: read.message };
    status = read.status;
    force = statusToken.endsWith('!');
    index++;
  }
  const conditions: string[] = [];
  for (; index < tokens.length; index++) {
    const token = tokens[index]!;
    const key = token.split('=')[0]!.toLowerCase();
    if (!token.includes('=') || !CONDITIONS.has(key)) return { error: `unexpected ${JSON.stringify(token)}` };
    conditions.push(token);
  }
  return { from, query, to, status, force, conditions };
}

/** Why a rule cannot be checked as a single URL, if it cannot. */
function unexpandable(rule: NetlifyRule): string | undefined {
  if (rule.from.includes('*')) return 'splat in the source';
  if (PLACEHOLDER.test(rule.from) || rule.query.some(([, value]) => value.startsWith(':'))) {
    return 'placeholder in the source';
  }
  if (rule.to.includes(':splat') || PLACEHOLDER.test(rule.to)) return 'placeholder in the target';
  if (rule.conditions.length > 0) return `conditional (${rule.conditions.join(' ')})`;
  return undefined;
}

/**
 * Reads a Netlify `_redirects` file, making each rule's source absolute with `baseUrl`. A redirect rule (3xx) expects
 * its status on the first hop and its target as the final URL; a rewrite or a custom status (200, 404, 410...)
 * expects that status at the source URL itself. Rules with splats, placeholders or conditions are skipped, since
 * they match many URLs, and counted.
 */
export async function* readNetlify(stream: Readable, baseUrl: string): AsyncGenerator<InputItem> {
  for await (const { number, text } of readLines(stream)) {
    if (isBlankOrComment(text)) continue;
    const rule = parseNetlifyRule(text);
    if ('error' in rule) {
      yield { kind: 'invalid', line: number, message: rule.error };
      continue;
    }
    const reason = unexpandable(rule);
    if (reason !== undefined) {
      yield { kind: 'skipped', line: number, text: text.trim(), reason };
      continue;
    }
    let absolute: string;
    try {
      const url = new URL(rule.from, baseUrl);
      for (const [key, value] of rule.query) url.searchParams.append(key, value);
      absolute = url.href;
    } catch {
      yield { kind: 'invalid', line: number, message: `Not a valid source: ${JSON.stringify(rule.from)}` };
      continue;
    }
    const source = readSourceUrl(absolute);
    if (!source.ok) {
      yield { kind: 'invalid', line: number, message: source.message };
      continue;
    }
    if (!REDIRECTS.has(rule.status)) {
      yield { kind: 'row', row: { line: number, source: source.url, target: source.url, status: rule.status } };
      continue;
    }
    const target = readTargetUrl(rule.to, source.url);
    yield target.ok
      ? { kind: 'row', row: { line: number, source: source.url, target: target.url, status: rule.status } }
      : { kind: 'invalid', line: number, message: target.message };
  }
}
