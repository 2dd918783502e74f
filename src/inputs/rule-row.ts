import { OFFLINE_SITE } from './offline-site.js';
import type { InputItem } from './row.js';
import { readSourceUrl, readTargetUrl } from './text/urls.js';

/** Statuses that send the client elsewhere; any other status (200, 404, 410...) is served at the source itself. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** What every rule format asks of its reader. */
export interface RuleReadOptions {
  /**
   * The site the rules are checked on: path sources are made absolute on it, and an absolute source
   * (`https://old.example/x`) is moved onto it, path and query kept, so that a staging deploy is checked.
   */
  baseUrl?: string;
}

/** One literal rule, as a format states it: a source path or URL, a target, the status it answers with. */
export interface LiteralRule {
  line: number;
  from: string;
  /** Absent for a rule with no target (a `410`, nginx's `return 404`). */
  to?: string;
  /** Absent when the format does not say (a crawler's report of where a URL ends): only the target is checked. */
  status?: number;
  /** Query parameters the source must carry (Netlify's `id=5`). */
  query?: ReadonlyArray<readonly [string, string]>;
}

/**
 * A path and query moved onto the base URL's origin. Joined as text: resolving a path that begins with `//` on the
 * base (`new URL('//old/page', base)`) would read `old` as a host.
 */
export function onBase(pathAndQuery: string, baseUrl: string): URL {
  return new URL(new URL(baseUrl).origin + pathAndQuery);
}

function isPath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//');
}

/**
 * A rule's target is what the server sends as Location: one beginning with `//` is a network-path reference, which
 * the browser resolves on the request's scheme (RFC 3986 sections 4.2 and 5.2.2), not a bare host to put https on.
 */
function networkPath(to: string, source: string): string {
  return to.startsWith('//') && URL.canParse(to, source) ? new URL(to, source).href : to;
}

/**
 * Turns a literal rule into the row that checks it. A redirect (3xx) expects its status on the first hop and its
 * target as the final URL; any other status expects that status at the source URL itself. With a base URL, an
 * absolute source is moved onto it, and so is a target on the source's own site (a same-site redirect stays one).
 */
export function ruleRow(rule: LiteralRule, options: RuleReadOptions): InputItem {
  const { line } = rule;
  const read = readSourceUrl(rule.from, options.baseUrl);
  if (!read.ok) return { kind: 'invalid', line, message: read.message };
  let url = new URL(read.url);
  const originalOrigin = url.origin;
  // Moved onto the site checked; offline there is none, and a rule of a named host keeps it (lint and fix then follow
  // Netlify's domain-level rules on their own host).
  const base = options.baseUrl;
  const movesTo = base !== undefined && new URL(base).origin !== OFFLINE_SITE ? base : undefined;
  if (movesTo !== undefined && !isPath(rule.from)) url = onBase(url.pathname + url.search, movesTo);
  for (const [key, value] of rule.query ?? []) url.searchParams.append(key, value);
  const source = url.href;
  if (rule.to === undefined || (rule.status !== undefined && !REDIRECT_STATUSES.has(rule.status))) {
    const row: InputItem & { kind: 'row' } = { kind: 'row', row: { line, source, target: source } };
    if (rule.status !== undefined) row.row.status = rule.status;
    return row;
  }
  const target = readTargetUrl(networkPath(rule.to, source), source);
  if (!target.ok) return { kind: 'invalid', line, message: target.message };
  let expected = target.url;
  if (movesTo !== undefined && !isPath(rule.to) && new URL(expected).origin === originalOrigin) {
    const moved = new URL(expected);
    expected = onBase(moved.pathname + moved.search + moved.hash, movesTo).href;
  }
  const row: InputItem & { kind: 'row' } = { kind: 'row', row: { line, source, target: expected } };
  if (rule.status !== undefined) row.row.status = rule.status;
  return row;
}
