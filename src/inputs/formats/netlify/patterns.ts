import { RE2JS } from 're2js';
import { type OrderedMatcher, orderedRules } from '../../patterns/ordered-rules.js';
import { samplePaths } from '../../patterns/pattern-samples.js';
import { type CompiledRules, type RuleMatch, type RuleProblem, withQuery } from '../../patterns/rule-match.js';
import { isNetlifyUrl, type NetlifyRule } from './line.js';
import { loopPrefix } from './loop-guard.js';
import type { NetlifyEntry } from './redirects-text.js';

/** One `_redirects` rule, compiled. */
interface NetlifyMatcher {
  line: number;
  rule: NetlifyRule;
  /** For a domain-level rule (`https://old.example/*`): the host it applies to, and the scheme (`https:`). */
  host?: string;
  scheme?: string;
  segments: string[];
  splat: boolean;
  /**
   * A source whose `*` is glued to a word (`/docs*`) or stands inside the path (`/x/` then `*` then `/y`): netlify-redirector matches
   * it as a glob, each `*` any text (slashes included), and the last one's text, less one leading `/`, is `:splat`
   * (`/docs*` on `/docsfoo/a` gives `foo/a`, on `/docs/a` gives `a`). Only for a source with no `:name`.
   */
  glob?: RE2JS;
}

/** The glob of a source whose `*` is not only a trailing `/*` (see {@link NetlifyMatcher.glob}), or undefined. */
function globOf(path: string): RE2JS | undefined {
  const stars = path.split('*').length - 1;
  const trailingOnly = stars === 1 && (path.endsWith('/*') || path === '*');
  if (stars !== 1 || trailingOnly || /(^|\/):[A-Za-z_]/.test(path)) return undefined;
  const escaped = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const [head = '', tail = ''] = path.split('*');
  // A `/*` is an optional segment and the rest (`/*/docs` answers `/docs`); a `*` glued to a word any text after it.
  const star = head.endsWith('/') ? `${escaped(head.slice(0, -1))}(?:/(.*))?` : `${escaped(head)}(.*)`;
  // A source ending in a segment matches with or without a trailing slash; a `*` at the end takes it itself.
  // RE2 (linear time), as the path is the visitor's to make as long as they like.
  return RE2JS.compile(`^${star}${escaped(tail)}${path.endsWith('*') ? '' : '/?'}$`);
}

/**
 * A path's segments, one trailing slash left off (Netlify matches with or without it): `//` is the root, as in
 * netlify-redirector, and `/a//` is not `/a`.
 */
function segmentsOf(path: string): string[] {
  return (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
}

function compile(rule: NetlifyRule, line: number): NetlifyMatcher {
  let path = rule.from;
  let host: string | undefined;
  if (isNetlifyUrl(rule.from)) {
    const url = new URL(rule.from.replace(/\*$/, ''));
    host = url.host;
    path = url.pathname + (rule.from.endsWith('*') ? '*' : '');
  }
  if (!path.startsWith('/')) path = `/${path}`;
  const glob = globOf(path);
  const splat = glob === undefined && (path.endsWith('/*') || path === '*');
  const matcher: NetlifyMatcher = { line, rule, segments: segmentsOf(splat ? path.slice(0, -2) : path), splat };
  if (glob !== undefined) matcher.glob = glob;
  if (host !== undefined) {
    matcher.host = host;
    matcher.scheme = new URL(rule.from.replace(/\*$/, '')).protocol;
  }
  return matcher;
}

/**
 * The placeholders a rule binds for a URL, or undefined when it does not match. A `:name` segment matches one path
 * segment; a trailing `*` matches the rest of the path (`:splat`), and the path without it; query matches must all be
 * present, a `:name` value binding it.
 */
function bind(matcher: NetlifyMatcher, url: URL): Map<string, string> | undefined {
  // A domain-level rule names its scheme too: `http://site.example/*` does not answer https (netlify-redirector).
  if (matcher.host !== undefined && (matcher.host !== url.host || matcher.scheme !== url.protocol)) return undefined;
  const bound = matcher.glob === undefined ? bindPath(matcher, url) : bindGlob(matcher.glob, url);
  if (bound === undefined) return undefined;
  for (const [key, value] of matcher.rule.query) {
    const actual = url.searchParams.get(key);
    if (actual === null) return undefined;
    if (value.startsWith(':')) bound.set(value.slice(1), actual);
    else if (value !== actual) return undefined;
  }
  return bound;
}

/** The placeholders of a segment source (`:name` segments, a trailing `/*`) for `url`'s path, if it matches. */
function bindPath(matcher: NetlifyMatcher, url: URL): Map<string, string> | undefined {
  const path = segmentsOf(url.pathname);
  const { segments } = matcher;
  if (matcher.splat ? path.length < segments.length : path.length !== segments.length) return undefined;
  const bound = new Map<string, string>();
  for (const [index, segment] of segments.entries()) {
    // A placeholder takes a segment, never an empty one (`/:id` does not answer `//`).
    if (segment.startsWith(':') && segment.length > 1 && path[index] !== '') bound.set(segment.slice(1), path[index]!);
    else if (segment !== path[index]) return undefined;
  }
  // The splat is the rest of the path as sent, a trailing slash kept (netlify-redirector: `/docs/*` on `/docs/a/`
  // gives `a/`, `/*` on `//` gives `/`).
  if (matcher.splat) bound.set('splat', url.pathname.split('/').slice(segments.length).join('/'));
  return bound;
}

/** The `:splat` of a glob source for `url`'s path, if it matches. */
function bindGlob(glob: RE2JS, url: URL): Map<string, string> | undefined {
  const found = glob.exec(url.pathname) as RegExpExecArray | null;
  if (found === null) return undefined;
  const last = found[found.length - 1] ?? '';
  return new Map([['splat', last.startsWith('/') ? last.slice(1) : last]]);
}

/** The target with `:splat` and `:name` placeholders filled in. */
function fill(target: string, bound: Map<string, string>): string {
  return target.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => bound.get(name) ?? whole);
}

function answer(matcher: NetlifyMatcher, bound: Map<string, string>, url: URL): RuleMatch {
  const { rule, line } = matcher;
  if (rule.status < 300 || rule.status > 399) return { line, status: rule.status };
  const target = fill(rule.to, bound);
  // A rule that matches on the query decides the target's query itself; any other passes the sample's on.
  return { line, target: rule.query.length > 0 ? target : withQuery(target, url), status: rule.status };
}

/** The lookup key of a rule matching one path only (no placeholder, splat or query match), else undefined. */
function literalKey(matcher: NetlifyMatcher): string | undefined {
  if (matcher.splat || matcher.glob !== undefined || matcher.rule.query.length > 0) return undefined;
  if (matcher.segments.some((segment) => segment.startsWith(':') && segment.length > 1)) return undefined;
  return `${matcher.host === undefined ? '' : `${matcher.scheme}//${matcher.host}`} ${matcher.segments.join('/')}`;
}

/** The URLs a pattern rule stands for (src/inputs/patterns/pattern-samples.ts); none for one matching on the query. */
function patternOf(matcher: NetlifyMatcher): { source: string; samples: URL[] } | undefined {
  if (matcher.rule.query.length > 0 || matcher.glob !== undefined) return undefined;
  const paths = samplePaths(`${matcher.segments.join('/')}${matcher.splat ? '/*' : ''}`);
  if (paths === undefined) return undefined;
  const origin = matcher.host === undefined ? 'http://hoplens.invalid' : `${matcher.scheme}//${matcher.host}`;
  return { source: matcher.rule.from, samples: paths.map((path) => new URL(path, origin)) };
}

/**
 * The loop guard's prefix (loop-guard.ts) when the rule's own source matches it, so that a redirect there could come
 * back to this rule: `/* /new/:splat` guards `/news`, `/news* /new/:splat` guards nothing (netlify-redirector).
 */
function loopGuard(matcher: NetlifyMatcher): string | undefined {
  const prefix = loopPrefix(matcher.rule);
  if (prefix === undefined) return undefined;
  const url = new URL(prefix, 'http://hoplens.invalid');
  const bound = matcher.glob === undefined ? bindPath(matcher, url) : bindGlob(matcher.glob, url);
  return bound === undefined ? undefined : prefix;
}

type KeptEntry = NetlifyEntry & { rule: NetlifyRule };

/**
 * The rules Netlify keeps, in its order: of two identical rules its parser keeps the later one only (redirect-parser,
 * merge.js: duplicates are removed from the end, "the latest duplicate value is the one kept"), which matters when a
 * different rule for the same URL lies between them.
 */
function keptRules(entries: readonly NetlifyEntry[]): KeptEntry[] {
  const rules = entries.filter((entry): entry is KeptEntry => !('error' in entry));
  const identity = ({ rule }: KeptEntry) =>
    JSON.stringify([
      rule.from,
      rule.query,
      rule.to,
      rule.status,
      rule.statusWritten ?? false,
      rule.force,
      rule.conditions,
      rule.signed ?? null,
    ]);
  const last = new Map(rules.map((entry) => [identity(entry), entry]));
  return rules.filter((entry) => last.get(identity(entry)) === entry);
}

/**
 * Compiles the parsed rules of a `_redirects` file or a `netlify.toml` (read.ts) for matching sample URLs. Netlify applies the first
 * rule that matches, in file order; a rule with conditions (`Country=`, `Role=`) answers some visitors only, so a
 * URL it matches is said to depend on the visitor (a problem), never predicted past it.
 */
export function compileNetlify(entries: readonly NetlifyEntry[]): CompiledRules {
  const problems: RuleProblem[] = entries.flatMap((entry) =>
    'error' in entry ? [{ line: entry.line, message: entry.error }] : [],
  );
  // What a rule answers when its loop guard holds (loop-guard.ts): the path is served as it is, no later rule tried.
  const served = new WeakSet<RuleMatch>();
  const matchers = keptRules(entries).map(({ rule, line }): OrderedMatcher => {
    const compiled = compile(rule, line);
    const key = rule.conditions.length > 0 ? undefined : literalKey(compiled);
    const guard = loopGuard(compiled);
    const match = (url: URL): RuleMatch | undefined => {
      const bound = bind(compiled, url);
      if (bound === undefined) return undefined;
      if (guard !== undefined && url.pathname.startsWith(guard)) {
        const found: RuleMatch = { line, status: 200 };
        served.add(found);
        return found;
      }
      // A rule with conditions answers some visitors only: past it, nothing is certain for this URL.
      if (rule.conditions.length > 0)
        return {
          line,
          problem: `conditional (${rule.conditions.join(' ')}): only the visitor decides`,
          conditional: true,
        };
      return answer(compiled, bound, url);
    };
    if (key !== undefined) return { line, key, match };
    const pattern = rule.conditions.length > 0 ? undefined : patternOf(compiled);
    return pattern === undefined ? { line, match } : { line, match, pattern };
  });
  const keysOf = (url: URL) => {
    const path = segmentsOf(url.pathname).join('/');
    return [` ${path}`, `${url.protocol}//${url.host} ${path}`];
  };
  const rules = orderedRules({ matchers, keysOf, problems });
  const plain = (found: RuleMatch | undefined) => (found !== undefined && served.has(found) ? undefined : found);
  return {
    ...rules,
    match: (url) => plain(rules.match(url)),
    shadowing: (url, line) => plain(rules.shadowing(url, line)),
  };
}
