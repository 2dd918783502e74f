import type { SkipLog } from './server-regex.js';

/** What a sample URL's matching rule expects of it. */
export type RuleMatch =
  | {
      /** The rule's line in the rules file. */
      line: number;
      /** The expected target (a path or an absolute URL), absent when the rule serves the sample itself (200, 404). */
      target?: string;
      status: number;
    }
  | {
      line: number;
      /** The rule matches but its target cannot be computed offline (a variable hoplens does not know). */
      problem: string;
      /** The rule answers some requests only (`has`, `Country=`): it makes the URL uncertain but shadows nothing. */
      conditional?: true;
    };

/** A rule that could not be read, on its line. */
export interface RuleProblem {
  line: number;
  message: string;
}

/** A pattern rule that never applies: the earlier rule that answers the URLs it stands for first. */
export interface PatternShadowing {
  /** The pattern rule's line, and its source as written. */
  line: number;
  source: string;
  /** The rule that answers first. */
  by: number;
  /** One of the URLs tried, for the message. */
  sample: string;
}

/** A format's rules, compiled: finds the rule that answers a URL with the format's own precedence. */
export interface CompiledRules {
  /** The rule answering `url`, or undefined when none does (a gap in the migration). */
  match(url: URL): RuleMatch | undefined;
  /**
   * The rule that answers `url` instead of the rule on `line` (whose own source `url` is): for a first-match format
   * the first matching rule before that line, for nginx whichever its precedence picks, if not that rule. Undefined
   * when the rule on `line` is not shadowed.
   */
  shadowing(url: URL, line: number): RuleMatch | undefined;
  /**
   * The pattern rules that an earlier rule answers for every URL they match (`/blog/*` after `/*`), where the format
   * can tell: each pattern is tried with URLs standing for all it matches (src/inputs/patterns/pattern-samples.ts).
   * One step per pattern rule, its shadowing or undefined, so that lint can give the event loop a turn between them
   * (src/lint/time-slices.ts).
   */
  shadowedPatterns?(): Iterable<PatternShadowing | undefined>;
  /** How many rules can answer a sample. */
  size: number;
  problems: RuleProblem[];
  /**
   * The rules skipped so far because their regular expression ran past its bound on the backtracking engine
   * (src/inputs/patterns/server-regex.ts): filled as URLs are matched, so read it after matching.
   */
  skipped: SkipLog;
}

/** The sample's query string appended to a target that has none (a host that passes the query through). */
export function withQuery(target: string, url: URL): string {
  return url.search === '' || target.includes('?') ? target : `${target}${url.search}`;
}

/**
 * Fills `$0`–`$9` of a regex rule's target from the match, and `${name}`-less named variables from `variables`.
 * Returns the problem when the target names a variable that is not given.
 */
export function fillCaptures(
  target: string,
  captures: readonly (string | undefined)[],
  variables: Readonly<Record<string, string>> = {},
): string | { problem: string } {
  let unknown: string | undefined;
  const filled = target.replace(/\$(\d|\{\w+\}|[A-Za-z_]\w*)/g, (whole, name: string) => {
    if (/^\d$/.test(name)) return captures[Number(name)] ?? '';
    const key = name.replace(/^\{|\}$/g, '');
    const value = variables[key];
    if (value === undefined) unknown ??= `$${key}`;
    return value ?? whole;
  });
  return unknown === undefined ? filled : { problem: `the target uses ${unknown}, which is only known to the server` };
}

/** A URL's path, %-decoded as servers match it (an undecodable path is matched as written). */
export function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}
