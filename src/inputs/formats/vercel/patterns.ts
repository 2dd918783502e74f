import { type Key, pathToRegexp, regexpToFunction } from 'path-to-regexp';
import { type OrderedMatcher, orderedRules } from '../../patterns/ordered-rules.js';
import { pathToRegexpSamples } from '../../patterns/pattern-samples.js';
import { type CompiledRules, type RuleProblem, withQuery } from '../../patterns/rule-match.js';
import { type SkipLog, type SkipReport, serverRegex } from '../../patterns/server-regex.js';
import { isJsonObject, type JsonEntry } from '../../text/json-rules.js';
import { vercelStatus } from './read.js';

/** A source with no path-to-regexp syntax: it matches that path only. */
const LITERAL_SOURCE = /^[A-Za-z0-9/_.~%-]*$/;

/** The destination with the source's parameters filled in: `:name` (a repeated `:name*` joined with `/`), `$1`. */
function fill(destination: string, params: Record<string, string | string[]>): string {
  const value = (name: string) => {
    const found = params[name];
    return Array.isArray(found) ? found.join('/') : found;
  };
  return destination
    .replace(/:([A-Za-z_]\w*)[*+?]?/g, (whole, name: string) => value(name) ?? whole)
    .replace(/\$(\d)/g, (whole, digit: string) => value(String(Number(digit) - 1)) ?? whole);
}

/**
 * The matcher of a source, as path-to-regexp's `match` makes it (the library and version Vercel's own routing uses;
 * strict and case-sensitive, as @vercel/routing-utils' sourceToRegex converts a source), but with its regular
 * expression run by the bounded engines of server-regex.ts: a source's own regex group (`/:p((?:a+)+)`) can backtrack.
 */
function sourceMatcher(source: string, skip: SkipReport) {
  const keys: Key[] = [];
  const regex = pathToRegexp(source, keys, { strict: true, sensitive: true });
  const bounded = serverRegex(regex.source, regex.ignoreCase, skip);
  if (bounded === undefined) throw new Error(`not a valid regular expression: ${regex.source}`);
  // regexpToFunction calls only `exec`, which the bounded regex has with RegExp's contract.
  return regexpToFunction<Record<string, string | string[]>>(bounded as unknown as RegExp, keys, {
    decode: decodeURIComponent,
  });
}

/**
 * Compiles the `redirects` of a vercel.json (parsed by read.ts) for matching sample URLs: each source is a path-to-regexp 6 pattern (the
 * library and version Vercel's own routing uses), matched in array order, the first match answering. A rule with
 * `has`/`missing` conditions answers some requests only and is left out.
 */
export function compileVercel(entries: readonly JsonEntry[]): CompiledRules {
  const matchers: OrderedMatcher[] = [];
  const problems: RuleProblem[] = [];
  const skipped: SkipLog = [];
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
    const conditional = ['has', 'missing'].some((key) => Array.isArray(value[key]) && (value[key] as []).length > 0);
    if (conditional) continue;
    const status = vercelStatus(value, true);
    if (typeof status !== 'number') {
      problems.push({ line, message: status.error });
      continue;
    }
    try {
      const matches = sourceMatcher(source, { log: skipped, line });
      const match = (url: URL) => {
        const found = matches(url.pathname);
        if (found === false) return undefined;
        return { line, target: withQuery(fill(destination, found.params), url), status };
      };
      if (LITERAL_SOURCE.test(source)) matchers.push({ line, key: source, match });
      else {
        const paths = pathToRegexpSamples(source);
        const samples = (paths ?? []).map((path) => new URL(path, 'http://hoplens.invalid'));
        matchers.push(paths === undefined ? { line, match } : { line, match, pattern: { source, samples } });
      }
    } catch (error) {
      problems.push({ line, message: `not a valid source pattern: ${(error as Error).message}` });
    }
  }
  return orderedRules({ matchers, keysOf: (url) => [url.pathname], problems, skipped });
}
