import { type OrderedMatcher, orderedRules } from '../../patterns/ordered-rules.js';
import {
  type CompiledRules,
  decodedPath,
  fillCaptures,
  type RuleMatch,
  type RuleProblem,
  withQuery,
} from '../../patterns/rule-match.js';
import { type ServerRegex, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { REDIRECT_STATUSES } from '../../rule-row.js';
import { STATUS_WORDS } from '../../text/regex-literal.js';
import type { ApacheLine } from './lines.js';

/** A compiled Apache redirect: answers a URL, or passes (undefined); keyed when it can be looked up (see keysOf). */
type ApacheMatcher = ((url: URL) => RuleMatch | undefined) & { key?: string };

/** A regex matching one string only (`^/old$`, no metacharacter): that string, else undefined. */
function literalOfRegex(pattern: string): string | undefined {
  const body = /^\^(.*)\$$/.exec(pattern)?.[1];
  if (body === undefined || !/^(?:[^\\.^$|?*+()[\]{}]|\\[^A-Za-z0-9])*$/.test(body)) return undefined;
  return body.replace(/\\(.)/g, '$1');
}

/** Keys a matcher is looked up by: `=path` for an exact regex, `<prefix` for `Redirect`'s whole-segment prefix. */
function keyed(matcher: ApacheMatcher, key: string | undefined): ApacheMatcher {
  if (key !== undefined) matcher.key = key;
  return matcher;
}

/** The keys of a URL: its decoded path exactly, and each prefix of it that ends before a `/` (the root's is ''). */
function keysOf(url: URL): string[] {
  const path = decodedPath(url);
  const keys = [`=${path}`, `<${path}`];
  for (let index = path.indexOf('/'); index !== -1; index = path.indexOf('/', index + 1)) {
    keys.push(`<${path.slice(0, index)}`);
  }
  return keys;
}

/** Sections read through, as src/inputs/formats/apache/read.ts reads them; a redirect inside any other is conditional. */
const TRANSPARENT = new Set(['ifmodule', 'ifdefine', 'ifversion', 'ifdirective', 'iffile', 'virtualhost', 'directory']);
const HOST_TESTS = new Set(['%{HTTP_HOST}', '%{SERVER_NAME}']);

function statusWord(word: string): number | undefined {
  return /^\d{3}$/.test(word) ? Number(word) : STATUS_WORDS[word.toLowerCase()];
}

/**
 * `Redirect [status] URL-path URL`: a prefix match on whole path segments (`/one` matches `/one` and `/one/two`, not
 * `/onetwo`); the rest of the path is appended to the target, and the query string passed on.
 */
function prefixRedirect(line: number, from: string, status: number, to: string | undefined): ApacheMatcher {
  const prefix = from.replace(/\/$/, '');
  return keyed((url) => {
    const path = decodedPath(url);
    if (path !== from && path !== prefix && !path.startsWith(`${prefix}/`)) return undefined;
    if (to === undefined) return { line, status };
    return { line, target: withQuery(to.replace(/\/$/, '') + path.slice(prefix.length), url), status };
  }, `<${prefix}`);
}

/** `RedirectMatch [status] regex URL`: a regex search in the path, `$N` filled from its groups. */
function regexRedirect(line: number, regex: ServerRegex, status: number, to: string | undefined): ApacheMatcher {
  const literal = literalOfRegex(regex.source);
  const key = literal === undefined || regex.ignoreCase ? undefined : `=${literal}`;
  return keyed((url) => {
    const found = regex.exec(decodedPath(url));
    if (found === null) return undefined;
    if (to === undefined) return { line, status };
    const target = fillCaptures(to, [...found]);
    return typeof target === 'string' ? { line, target: withQuery(target, url), status } : { line, ...target };
  }, key);
}

interface RewriteState {
  /** Where rules skipped while matching are logged. */
  skipped: SkipLog;
  sections: string[];
  conditions: string[];
  base: string;
  on: boolean;
}

/** The flags of a RewriteRule, lowercased, with their values. */
function flagsOf(text: string | undefined): Map<string, string> {
  const flags = new Map<string, string>();
  for (const flag of (text ?? '').replace(/^\[|\]$/g, '').split(',')) {
    const [name = '', value = ''] = flag.trim().split('=');
    if (name !== '') flags.set(name.toLowerCase(), value);
  }
  return flags;
}

/**
 * `RewriteRule pattern substitution [R=3xx]`: the regex is matched against the path, without its leading slash in
 * `.htaccess` (a pattern starting `^/` is read as a server configuration's, which sees it); `$N` is filled in, a
 * relative substitution is put under RewriteBase, and the query string passed on unless the substitution has one.
 */
function rewriteRedirect(args: string[], line: number, state: RewriteState): ApacheMatcher | string | undefined {
  const [pattern = '', substitution = '', flagText] = args;
  const flags = flagsOf(flagText);
  const redirect = flags.get('r') ?? flags.get('redirect');
  if (redirect === undefined || !state.on || pattern.startsWith('!')) return undefined;
  if (state.conditions.some((test) => !HOST_TESTS.has(test))) return undefined;
  const status = redirect === '' ? 302 : (statusWord(redirect) ?? Number.NaN);
  if (!REDIRECT_STATUSES.has(status)) return `RewriteRule [R=${redirect}] is not a redirect status`;
  const regex = serverRegex(pattern, flags.has('nc') || flags.has('nocase'), { log: state.skipped, line });
  if (regex === undefined) return `not a valid regular expression: ${pattern}`;
  const rooted = pattern.startsWith('^/') || pattern.startsWith('/');
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(substitution) || substitution.startsWith('/');
  const to = absolute ? substitution : `${state.base.replace(/\/?$/, '/')}${substitution}`;
  const dropQuery = flags.has('qsd') || flags.has('qsdiscard');
  const literal = literalOfRegex(pattern);
  const key = literal === undefined || regex.ignoreCase ? undefined : `=${rooted ? '' : '/'}${literal}`;
  return keyed((url) => {
    const path = decodedPath(url);
    const found = regex.exec(rooted ? path : path.slice(1));
    if (found === null) return undefined;
    const target = fillCaptures(to, [...found]);
    if (typeof target !== 'string') return { line, ...target };
    return { line, target: dropQuery ? target : withQuery(target, url), status };
  }, key);
}

/** The matcher of a mod_alias directive, a problem, or undefined when it is no redirect. */
function aliasMatcher(
  name: string,
  args: string[],
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
 * Compiles an Apache configuration's redirects (mod_alias's `Redirect*` and `RedirectMatch`, mod_rewrite's
 * `RewriteRule [R]`) for matching sample URLs, the first match in file order answering. Rules inside a conditional
 * section, behind a RewriteCond other than the host's, or rewriting internally are left out.
 */
export function compileApache(directives: readonly ApacheLine[]): CompiledRules {
  const matchers: OrderedMatcher[] = [];
  const problems: RuleProblem[] = [];
  const state: RewriteState = { skipped: [], sections: [], conditions: [], base: '/', on: false };
  for (const directive of directives) {
    if ('kind' in directive) {
      problems.push({ line: directive.line, message: directive.message });
      continue;
    }
    const name = directive.name.toLowerCase();
    let made: ApacheMatcher | string | undefined;
    if (name.startsWith('</')) state.sections.pop();
    else if (name.startsWith('<')) state.sections.push(name.slice(1));
    else if (name === 'rewriteengine') state.on = directive.args[0]?.toLowerCase() === 'on';
    else if (name === 'rewritebase') state.base = directive.args[0] ?? '/';
    else if (name === 'rewritecond') state.conditions.push(directive.args[0] ?? '');
    else if (state.sections.some((section) => !TRANSPARENT.has(section))) state.conditions = [];
    else if (name === 'rewriterule') {
      made = rewriteRedirect(directive.args, directive.line, state);
      state.conditions = [];
    } else if (['redirect', 'redirectpermanent', 'redirecttemp', 'redirectmatch'].includes(name)) {
      made = aliasMatcher(name, directive.args, directive.line, state.skipped);
    }
    if (typeof made === 'string') problems.push({ line: directive.line, message: made });
    else if (made !== undefined)
      matchers.push(
        made.key === undefined
          ? { line: directive.line, match: made }
          : { line: directive.line, key: made.key, match: made },
      );
  }
  return orderedRules({ matchers, keysOf, problems, skipped: state.skipped });
}
