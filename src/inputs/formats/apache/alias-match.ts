import { decodedPath, fillCaptures, type RuleMatch } from '../../patterns/rule-match.js';
import { type ServerRegex, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { REDIRECT_STATUSES } from '../../rule-row.js';
import { aliasMatches } from './alias-prefix.js';
import { statusWord } from './status-word.js';
import { escapeUriPath } from './uri-escape.js';

/** A compiled Apache redirect: answers a URL, or passes (undefined); keyed when it can be looked up (see keysOf). */
export type ApacheMatcher = ((url: URL) => RuleMatch | undefined) & { key?: string };

/** A regex matching one string only (`^/old$`, no metacharacter): that string, else undefined. */
export function literalOfRegex(pattern: string): string | undefined {
  const body = /^\^(.*)\$$/.exec(pattern)?.[1];
  if (body === undefined || !/^(?:[^\\.^$|?*+()[\]{}]|\\[^A-Za-z0-9])*$/.test(body)) return undefined;
  return body.replace(/\\(.)/g, '$1');
}

/**
 * Keys a matcher is looked up by: `=path` for an exact regex, `<prefix` for `Redirect`'s prefix (slashes collapsed).
 */
export function keyed(matcher: ApacheMatcher, key: string | undefined): ApacheMatcher {
  if (key !== undefined) matcher.key = key;
  return matcher;
}

/**
 * A mod_alias target as httpd sends it: the request's query string appended (an empty one too: `/a?` keeps its `?`)
 * unless the target has its own, and a path starting `//` kept a path of the sample's own site.
 */
function aliasTarget(target: string, url: URL): string {
  const query = url.search !== '' ? url.search : url.href.replace(/#.*$/, '').endsWith('?') ? '?' : '';
  const whole = target.includes('?') ? target : `${target}${query}`;
  return whole.startsWith('//') ? `${url.origin}${whole}` : whole;
}

/**
 * `Redirect [status] URL-path URL`: a prefix on whole path segments; the rest of the path (escaped) is appended to the
 * target as it stands, with no slash added or removed (`Redirect /blog/ https://b.test` sends `/blog/x` to
 * `https://b.testx`), and the query string passed on.
 */
export function prefixRedirect(line: number, from: string, status: number, to: string | undefined): ApacheMatcher {
  return keyed(
    (url) => {
      const path = decodedPath(url);
      const length = aliasMatches(path, from);
      if (length === undefined) return undefined;
      if (to === undefined) return { line, status };
      return { line, target: aliasTarget(to + escapeUriPath(path.slice(length)), url), status };
    },
    `<${from.replace(/\/+/g, '/')}`,
  );
}

/** `RedirectMatch [status] regex URL`: a regex search in the path, `$N` filled from its groups. */
export function regexRedirect(line: number, regex: ServerRegex, status: number, to: string | undefined): ApacheMatcher {
  const literal = literalOfRegex(regex.source);
  const key = literal === undefined || regex.ignoreCase ? undefined : `=${literal}`;
  return keyed((url) => {
    const found = regex.exec(decodedPath(url));
    if (found === null) return undefined;
    if (to === undefined) return { line, status };
    const target = fillCaptures(to, [...found]);
    return typeof target === 'string' ? { line, target: aliasTarget(target, url), status } : { line, ...target };
  }, key);
}

/** The matcher of a mod_alias directive, a problem, or undefined when it is no redirect. */
export function aliasMatcher(
  name: string,
  args: readonly string[],
  line: number,
  skipped: SkipLog,
): ApacheMatcher | string | undefined {
  const fixed: Record<string, number> = { redirectpermanent: 301, redirecttemp: 302 };
  const rest = [...args];
  const named = fixed[name] === undefined && rest.length > 0 ? statusWord(rest[0]!) : undefined;
  if (named !== undefined) rest.shift();
  const status = fixed[name] ?? named ?? 302;
  const [from, to] = rest;
  if (from === undefined || (REDIRECT_STATUSES.has(status) && to === undefined))
    return `${name} needs a path and a URL`;
  if (name !== 'redirectmatch') return prefixRedirect(line, from, status, to);
  const regex = serverRegex(from, false, { log: skipped, line });
  return regex === undefined ? `not a valid regular expression: ${from}` : regexRedirect(line, regex, status, to);
}

/**
 * Whether a request is inside `<Location path>`: its path matched on whole segments, slashes merged, as aliasMatches
 * reads a prefix, case-sensitively (https://httpd.apache.org/docs/2.4/mod/core.html#location).
 */
export function underLocation(section: string): (url: URL) => boolean {
  return (url) => aliasMatches(decodedPath(url), section) !== undefined;
}

/**
 * A `Redirect` inside `<Location>` or `<LocationMatch>` (https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect):
 * it answers every request the section encloses (`inside`). With a redirect status the one argument is the URL, sent as it is (no path
 * appended, the query string passed on); with another status (`gone`, `410`) none is needed, and one argument is a
 * URL-path the request must also be under. Two arguments are the usual URL-path and URL, under the section too.
 */
export function locationMatcher(
  name: string,
  args: readonly string[],
  line: number,
  inside: (url: URL) => boolean,
): ApacheMatcher | string {
  const fixed: Record<string, number> = { redirectpermanent: 301, redirecttemp: 302 };
  const rest = [...args];
  const named = fixed[name] === undefined && rest.length > 0 ? statusWord(rest[0]!) : undefined;
  if (named !== undefined) rest.shift();
  const status = fixed[name] ?? named ?? 302;
  const redirect = REDIRECT_STATUSES.has(status);
  if (rest.length === 2 || (rest.length === 1 && !redirect)) {
    const prefix = prefixRedirect(line, rest[0]!, status, rest[1]);
    return (url) => (inside(url) ? prefix(url) : undefined);
  }
  if (rest.length > 2 || (redirect && rest.length === 0)) return `${name} inside <Location> needs a URL`;
  const to = rest[0];
  // The one argument is an expression (https://httpd.apache.org/docs/2.4/expr.html): a variable is the server's.
  if (to?.includes('%{'))
    return (url) => (inside(url) ? { line, problem: `${name} to the expression ${to}` } : undefined);
  return (url) => {
    if (!inside(url)) return undefined;
    return to === undefined ? { line, status } : { line, target: aliasTarget(to, url), status };
  };
}

/**
 * Whether a `Redirect` in a `<Location>` leaves its URL-path out (the section's path stands for it): one URL with a
 * redirect status, nothing with another (`Redirect gone`). httpd tries that form before the virtual host's own
 * Redirects, and one with its URL-path in mod_alias's per-directory list, after them (a real httpd 2.4 answered so:
 * test/oracles/apache.generated.test.ts).
 */
export function takesSectionPath(name: string, args: readonly string[]): boolean {
  const fixed: Record<string, number> = { redirectpermanent: 301, redirecttemp: 302 };
  const named = fixed[name] === undefined && args.length > 0 ? statusWord(args[0]!) : undefined;
  const rest = named === undefined ? args.length : args.length - 1;
  return REDIRECT_STATUSES.has(fixed[name] ?? named ?? 302) ? rest === 1 : rest === 0;
}
