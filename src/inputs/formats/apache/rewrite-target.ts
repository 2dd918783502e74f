import { escapeUriPath } from './uri-escape.js';

/**
 * The Location a RewriteRule with `[R]` sends, from its substitution with groups and variables filled in: the query
 * string as mod_rewrite makes it, and the URL escaped as it escapes it. https://httpd.apache.org/docs/2.4/rewrite/flags.html
 */

/** The flags that decide a redirect's query string and escaping. */
export interface TargetFlags {
  /** `[QSA]`: the request's query string appended after the substitution's. */
  append: boolean;
  /** `[QSD]`: the request's query string dropped. */
  discard: boolean;
  /** `[NE]`: the substitution not escaped (`#` kept as a fragment). */
  noEscape: boolean;
}

/**
 * The query string after a substitution: a `?` in it replaces the request's (an empty one, a trailing `?`, drops it),
 * `[QSA]` keeps the request's after the substitution's, `[QSD]` drops it; with no `?`, the request's passes on.
 */
function queryOf(substitution: string, original: string | undefined, flags: TargetFlags): [string, string | undefined] {
  const at = substitution.indexOf('?');
  const request = flags.discard ? undefined : original;
  if (at === -1) return [substitution, request];
  const own = substitution.slice(at + 1);
  let query: string | undefined = own;
  if (flags.append) query = own === '' ? request : request === undefined ? own : `${own}&${request}`;
  return [substitution.slice(0, at), query === '' ? undefined : query?.replace(/&$/, '')];
}

/** `scheme://authority` of an absolute URL (left unescaped), and the rest. */
function splitAuthority(target: string): [string, string] {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target)?.[0] ?? '';
  return [authority, target.slice(authority.length)];
}

/** The Location of a redirect whose substitution (filled in, absolute or rooted) is `substitution`. */
export function redirectTarget(substitution: string, url: URL, flags: TargetFlags): string {
  const original = url.search === '' ? undefined : url.search.slice(1);
  const [address, query] = queryOf(substitution, original, flags);
  const [authority, path] = splitAuthority(address);
  const escaped = flags.noEscape ? path : escapeUriPath(path);
  if (query === undefined) return authority + escaped;
  // The request's own query string passes as it came; one the rule made is escaped like the path.
  const args = flags.noEscape || query === original ? query : escapeUriPath(query);
  return `${authority}${escaped}?${args}`;
}
