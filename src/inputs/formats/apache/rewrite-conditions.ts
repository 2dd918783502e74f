import { decodedPath } from '../../patterns/rule-match.js';

/**
 * Compiles a condition's pattern: the matcher's bounded engines (src/inputs/patterns/server-regex.ts) for samples,
 * a plain RegExp on simple patterns for the rows the page reads too (no engine of the matcher's is loaded there).
 * Undefined when the pattern cannot be run.
 */
export type ConditionRegex = (
  pattern: string,
  caseless: boolean,
) => { exec(text: string): RegExpExecArray | null } | undefined;

/**
 * mod_rewrite's RewriteCond, evaluated for a sample URL where the URL alone decides it (the host, the scheme, the
 * path, the query string), and said to be unknown where only the server knows (a cookie, a file on disk, a header).
 * https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewritecond
 */

/** A RewriteCond as written: its test string, its pattern and its flags (lowercased). */
export interface RewriteCondition {
  test: string;
  pattern: string;
  flags: Set<string>;
}

/** The outcome of a rule's conditions: whether they hold (and the last matched condition's groups), or unknown. */
export type ConditionOutcome = { holds: true; groups: string[] } | { holds: false } | { unknown: string };

/** The server variables a sample URL tells (with UseCanonicalName Off, the server's name is the Host header's). */
export function variable(name: string, url: URL): string | undefined {
  const https = url.protocol === 'https:';
  const values: Record<string, string> = {
    HTTP_HOST: url.host,
    SERVER_NAME: url.hostname,
    HTTPS: https ? 'on' : 'off',
    REQUEST_SCHEME: https ? 'https' : 'http',
    SERVER_PORT: url.port === '' ? (https ? '443' : '80') : url.port,
    REQUEST_URI: decodedPath(url),
    QUERY_STRING: url.search.slice(1),
    REQUEST_METHOD: 'GET',
    THE_REQUEST: `GET ${url.pathname}${url.search} HTTP/1.1`,
  };
  return values[name.toUpperCase()];
}

/**
 * A test string or substitution with `$N` (the rule's groups), `%N` (the last matched condition's) and `%{VAR}`
 * filled in; `{ unknown }` naming the first variable only the server knows.
 */
export function expand(
  text: string,
  url: URL,
  rule: readonly (string | undefined)[],
  cond: readonly (string | undefined)[],
): string | { unknown: string } {
  let unknown: string | undefined;
  const filled = text.replace(/\$(\d)|%(\d)|%\{([^}]+)\}|\\(.)/g, (whole, ruleGroup, condGroup, name, escaped) => {
    if (ruleGroup !== undefined) return rule[Number(ruleGroup)] ?? '';
    if (condGroup !== undefined) return cond[Number(condGroup)] ?? '';
    if (escaped !== undefined) return escaped;
    const value = variable(name as string, url);
    if (value === undefined) unknown ??= `%{${name}}`;
    return value ?? whole;
  });
  return unknown === undefined ? filled : { unknown };
}

/** One condition's pattern against its expanded test string: matched (with groups), not, or unknown. */
function testOne(
  condition: RewriteCondition,
  value: string,
  compile: ConditionRegex,
): { matched: boolean; groups: string[] } | { unknown: string } {
  let pattern = condition.pattern;
  const negated = pattern.startsWith('!');
  if (negated) pattern = pattern.slice(1);
  const caseless = condition.flags.has('nc') || condition.flags.has('nocase');
  if (pattern.startsWith('=')) {
    const equal = caseless ? value.toLowerCase() === pattern.slice(1).toLowerCase() : value === pattern.slice(1);
    return { matched: equal !== negated, groups: [] };
  }
  if (/^(?:-[a-zA-Z]+|[<>]=?)/.test(pattern)) return { unknown: `RewriteCond ${condition.test} ${condition.pattern}` };
  const regex = compile(pattern, caseless);
  if (regex === undefined)
    return { unknown: `RewriteCond pattern ${pattern} is not a regular expression hoplens reads` };
  const found = regex.exec(value);
  return {
    matched: (found !== null) !== negated,
    groups: found === null || negated ? [] : [...found].map((g) => g ?? ''),
  };
}

/**
 * Whether a rule's conditions hold for `url`, read as mod_rewrite chains them: each must hold, but one marked `[OR]`
 * holds its run of `[OR]`s with the next; a condition only the server can decide makes the outcome unknown unless
 * another decides the rule first.
 */
export function conditionsHold(
  conditions: readonly RewriteCondition[],
  url: URL,
  rule: readonly (string | undefined)[],
  compile: ConditionRegex,
): ConditionOutcome {
  let groups: string[] = [];
  let unknown: string | undefined;
  let chainUnknown: string | undefined;
  for (let index = 0; index < conditions.length; index++) {
    const condition = conditions[index]!;
    const value = /\$\{/.test(condition.test) ? { unknown: 'a RewriteMap' } : expand(condition.test, url, rule, groups);
    const outcome =
      typeof value === 'string' ? testOne(condition, value, compile) : { unknown: `RewriteCond on ${value.unknown}` };
    const or = condition.flags.has('or') || condition.flags.has('ornext');
    if ('unknown' in outcome) {
      if (or) chainUnknown ??= outcome.unknown;
      else unknown ??= outcome.unknown;
      continue;
    }
    if (outcome.matched && outcome.groups.length > 0) groups = outcome.groups;
    if (or) {
      // One of a run of [OR]s holding holds the run: skip to its last member.
      if (outcome.matched) {
        while (
          index < conditions.length &&
          (conditions[index]!.flags.has('or') || conditions[index]!.flags.has('ornext'))
        )
          index++;
        chainUnknown = undefined;
      }
      continue;
    }
    if (!outcome.matched) {
      if (chainUnknown === undefined) return { holds: false };
      unknown ??= chainUnknown;
    }
    chainUnknown = undefined;
  }
  const left = unknown ?? chainUnknown;
  return left === undefined ? { holds: true, groups } : { unknown: left };
}

/** A RewriteCond directive's arguments as a condition (`RewriteCond test pattern [flags]`). */
export function readCondition(args: readonly string[]): RewriteCondition {
  const [test = '', pattern = '', flags = ''] = args;
  const names = flags
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((flag) => flag.trim().toLowerCase())
    .filter((flag) => flag !== '');
  return { test, pattern, flags: new Set(names) };
}

/**
 * A plain RegExp for a condition of the rows (read.ts), where no bounded engine is loaded: only a pattern that cannot
 * backtrack badly (no quantified group, no backreference); another is left to the server (undefined).
 */
export const simpleConditionRegex: ConditionRegex = (pattern, caseless) => {
  if (/\)[*+?{]|\\[1-9]|\(\?[=!<]/.test(pattern)) return undefined;
  try {
    return new RegExp(pattern.replace(/^\(\?i\)/, ''), caseless || pattern.startsWith('(?i)') ? 'i' : '');
  } catch {
    return undefined;
  }
};
