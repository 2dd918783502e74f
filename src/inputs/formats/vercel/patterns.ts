import { type Key, pathToRegexp, regexpToFunction } from 'path-to-regexp';
import { type OrderedMatcher, orderedRules } from '../../patterns/ordered-rules.js';
import { pathToRegexpSamples } from '../../patterns/pattern-samples.js';
import { type CompiledRules, type RuleMatch, type RuleProblem, withQuery } from '../../patterns/rule-match.js';
import { newSkipLog, type SkipLog, type SkipReport, serverRegex } from '../../patterns/server-regex.js';
import { isJsonObject, type JsonEntry } from '../../text/json-rules.js';
import { type Conditions, hasSegments, vercelConditions } from './conditions.js';
import { formattedQuery } from './destination-query.js';
import { undefinedDestinationSegment, vercelStatus } from './read.js';

/** A source with no path-to-regexp syntax: it matches that path only. */
const LITERAL_SOURCE = /^[A-Za-z0-9/_.~%-]*$/;

/**
 * The destination with the source's parameters filled in, as @vercel/routing-utils' replaceSegments builds a
 * redirect's Location: the first `?` ends the path (so `/posts/:year?` is `/posts/` and a query, not an optional
 * parameter), a parameter's `*`/`+` modifier in the destination is consumed, a parameter that took no part (an empty
 * `:page?` or `:path*`) gives nothing, a repeated one its segments joined with `/`, and `$1`… the source's groups in
 * order. A name the rule's `has` defines (`defined`, conditions.ts) is filled from the request and wins over a source
 * parameter of that name, as routing-utils writes it `$name` for the request's value; `$1`… stay the source's. A name
 * neither defines is left as written.
 */
function fill(
  destination: string,
  keys: readonly Key[],
  params: Record<string, string | string[]>,
  defined: Readonly<Record<string, string>>,
): string {
  const names = new Set(keys.map((key) => String(key.name)));
  const value = (name: string) => {
    const found = params[name];
    return Array.isArray(found) ? found.join('/') : (found ?? '');
  };
  // One pass, as Vercel fills the Location once: a `$1` inside a value taken from the request stays as it came.
  return destination.replace(/:([A-Za-z_]\w*)[*+]?|\$(\d)/g, (whole, name: string | undefined, digit?: string) => {
    if (name === undefined) {
      const key = keys[Number(digit) - 1];
      return key === undefined ? whole : value(String(key.name));
    }
    if (Object.hasOwn(defined, name)) return defined[name]!;
    return names.has(name) ? value(name) : whole;
  });
}

/**
 * The destination as routing-utils writes it into the route: as written when nothing in it can need replacing (no
 * `:` beside a named source parameter, no name from `has`), else parsed and formatted again, which writes its query
 * anew (destination-query.ts: `/new?` is `/new`, `?next=/a?b` is `?next=%2Fa%3Fb`; `/posts/:year?` is `/posts/:year`).
 */
function writtenDestination(destination: string, keys: readonly Key[], has: unknown): string {
  const names = new Set(keys.flatMap((key) => (typeof key.name === 'string' ? [key.name] : [])));
  const defined = hasSegments(has);
  const formatted = (destination.includes(':') && names.size > 0) || defined.length > 0;
  // The names `has` defines stay placeholders in the query too, as the source's do.
  return formatted ? formattedQuery(destination, new Set([...names, ...defined])) : destination;
}

/** path-to-regexp 6.3's guard on a parameter followed by a literal: `((?:(?!-)[^\/])+?)`. */
const GUARDED_PARAMETER = /\(\(\?:\(\?!(?:\\.|[^)\\])+\)\[\^\\\/\]\)\+\?\)/g;

/**
 * A source's regular expression as Vercel converts it: @vercel/routing-utils builds it with path-to-regexp 6.1.0 (and
 * only logs where 6.3 would differ), whose parameter takes any text up to a `/`; 6.3 forbids the literal that follows
 * inside the parameter (`/date/:y-:m-:d` on `/date/2024-01-02-x` gives `d` = `02-x` on Vercel, `x` with 6.3). The
 * guard against backtracking is not needed here: the expression runs on the bounded engines of server-regex.ts.
 */
function asVercelConverts(source: string): string {
  return source.replace(GUARDED_PARAMETER, '([^\\/]+?)');
}

/**
 * The matcher of a source, as path-to-regexp's `match` makes it (the library and version Vercel's own routing uses;
 * strict and case-sensitive, as @vercel/routing-utils' sourceToRegex converts a source), but with its regular
 * expression run by the bounded engines of server-regex.ts: a source's own regex group (`/:p((?:a+)+)`) can backtrack.
 */
function sourceMatcher(source: string, keys: Key[], skip: SkipReport) {
  const regex = pathToRegexp(source, keys, { strict: true, sensitive: true, delimiter: '/' });
  const bounded = serverRegex(asVercelConverts(regex.source), regex.ignoreCase, skip);
  if (bounded === undefined) throw new Error(`not a valid regular expression: ${regex.source}`);
  // regexpToFunction calls only `exec`, which the bounded regex has with RegExp's contract. Vercel puts the matched
  // text in the Location as it came (`%2F` stays `%2F`), so nothing is decoded.
  return regexpToFunction<Record<string, string | string[]>>(bounded as unknown as RegExp, keys, {
    decode: (text) => text,
  });
}

/** One rule of the file, read: where it is, what it matches and sends to, and its conditions. */
interface VercelRule {
  line: number;
  source: string;
  destination: string;
  status: number;
  conditions: Conditions;
  /** The `has` items as written: the names they define change how the destination is written. */
  has: unknown;
}

/** The matcher of one rule: looked up by its path when literal and unconditional, else tried in order. */
function ruleMatcher(rule: VercelRule, skipped: SkipLog): OrderedMatcher {
  const { line, source, status, conditions } = rule;
  const keys: Key[] = [];
  const matches = sourceMatcher(source, keys, { log: skipped, line });
  const destination = writtenDestination(rule.destination, keys, rule.has);
  const match = (url: URL): RuleMatch | undefined => {
    const found = matches(url.pathname);
    if (found === false) return undefined;
    // Only a rule whose source matches the path can answer: the others are passed by, whatever their condition.
    const defined = conditions.kind === 'none' ? {} : conditions.decide(url);
    if (defined === false) return undefined;
    if (defined === undefined) {
      const names = conditions.kind === 'none' ? [] : conditions.names;
      return { line, problem: `conditional (${names.join(', ')}): only the request decides`, conditional: true };
    }
    return { line, target: withQuery(fill(destination, keys, found.params, defined), url), status };
  };
  // A conditional rule answers some requests only: it is tried in order, never looked up, and shadows nothing.
  if (conditions.kind !== 'none') return { line, match, conditional: true };
  if (LITERAL_SOURCE.test(source)) return { line, key: source, match };
  const paths = pathToRegexpSamples(source);
  const samples = (paths ?? []).map((path) => new URL(path, 'http://hoplens.invalid'));
  return paths === undefined ? { line, match } : { line, match, pattern: { source, samples } };
}

/**
 * Compiles the `redirects` of a vercel.json (parsed by read.ts) for matching sample URLs: each source is a path-to-regexp 6 pattern (the
 * library and version Vercel's own routing uses), matched in array order, the first match answering. A rule with
 * `has`/`missing` conditions answers some requests only: a host or query condition is evaluated on the sample URL
 * (conditions.ts); where a header or cookie condition's rule matches the path, the sample is said to depend on the
 * request (a problem), never predicted past it.
 */
export function compileVercel(entries: readonly JsonEntry[]): CompiledRules {
  const matchers: OrderedMatcher[] = [];
  const problems: RuleProblem[] = [];
  const skipped: SkipLog = newSkipLog();
  for (const { line, value } of entries) {
    if (!isJsonObject(value)) {
      problems.push({ line, message: 'a rule must be a JSON object' });
      continue;
    }
    const { source, destination } = value;
    if (typeof source !== 'string' || typeof destination !== 'string' || !source.startsWith('/')) {
      problems.push({ line, message: 'a redirect needs a "source" path and a "destination"' });
      continue;
    }
    const conditions = vercelConditions(value);
    const status = vercelStatus(value, true, true);
    if (typeof status !== 'number') {
      problems.push({ line, message: status.error });
      continue;
    }
    const undefinedSegment = undefinedDestinationSegment(value);
    if (undefinedSegment !== undefined) {
      problems.push({ line, message: undefinedSegment });
      continue;
    }
    try {
      matchers.push(ruleMatcher({ line, source, destination, status, conditions, has: value.has }, skipped));
    } catch (error) {
      problems.push({ line, message: `not a valid source pattern: ${(error as Error).message}` });
    }
  }
  return orderedRules({ matchers, keysOf: (url) => [url.pathname], problems, skipped });
}
