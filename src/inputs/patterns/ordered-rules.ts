import type { CompiledRules, RuleMatch, RuleProblem } from './rule-match.js';
import { newSkipLog, type SkipLog } from './server-regex.js';

/** One compiled rule of a format where the first matching rule in file order answers. */
export interface OrderedMatcher {
  line: number;
  /**
   * Set when the rule matches exactly the URLs that have this key among their {@link OrderedRulesSpec.keysOf} (a
   * literal path): it is then looked up rather than tried, so that a file of many literal rules matches in constant
   * time per URL instead of trying every rule.
   */
  key?: string;
  match(url: URL): RuleMatch | undefined;
  /** For a pattern rule the format can stand for: its source, and URLs standing for every URL it matches. */
  pattern?: { source: string; samples: readonly URL[] };
  /** Set when the rule answers some requests only (a condition on the host or query): it shadows nothing. */
  conditional?: true;
}

/** How a format's rules are matched in order. */
export interface OrderedRulesSpec {
  matchers: readonly OrderedMatcher[];
  /** The keys a URL may be looked up by (its path, its path's prefixes...), in the form the matchers' keys take. */
  keysOf(url: URL): string[];
  problems: RuleProblem[];
  /** Where the matchers log the rules skipped while matching (none for a format without regular expressions). */
  skipped?: SkipLog;
}

/**
 * The compiled rules of a first-match-wins format: the keyed (literal) rules in a map holding the earliest for each
 * key, the others tried in file order, and the earlier of the two answering. `shadowing(url, line)` looks among the
 * rules before `line` only, so that checking every rule of a file costs the pattern rules before each one, not all.
 */
export function orderedRules(spec: OrderedRulesSpec): CompiledRules {
  // Each rule's place in the file: rules on one line (a minified vercel.json) are still in file order.
  const keyed = new Map<string, { matcher: OrderedMatcher; at: number }>();
  const tried: { matcher: OrderedMatcher; at: number }[] = [];
  for (const [at, matcher] of spec.matchers.entries()) {
    if (matcher.key === undefined) tried.push({ matcher, at });
    else if (!keyed.has(matcher.key)) keyed.set(matcher.key, { matcher, at });
  }
  // Shadowing asks for the rules that answer for certain: a conditional rule (`has`, `Country=`) answers some
  // requests only, so it shadows nothing, though a sample it matches is uncertain.
  const first = (url: URL, before: number, certain = false): RuleMatch | undefined => {
    let best: { matcher: OrderedMatcher; at: number } | undefined;
    for (const key of spec.keysOf(url)) {
      const found = keyed.get(key);
      if (found !== undefined && found.matcher.line < before && (best === undefined || found.at < best.at))
        best = found;
    }
    const limit = best?.at ?? Number.POSITIVE_INFINITY;
    for (const { matcher, at } of tried) {
      if (matcher.line >= before || at >= limit) break;
      if (certain && matcher.conditional) continue;
      const found = matcher.match(url);
      if (found !== undefined && !(certain && 'conditional' in found)) return found;
    }
    return best?.matcher.match(url);
  };
  return {
    size: spec.matchers.length,
    problems: spec.problems,
    skipped: spec.skipped ?? newSkipLog(),
    match: (url) => first(url, Number.POSITIVE_INFINITY),
    shadowing: (url, line) => first(url, line, true),
    *shadowedPatterns() {
      for (const matcher of spec.matchers) {
        const { pattern } = matcher;
        if (pattern === undefined || pattern.samples.length === 0) continue;
        // Shadowed only when an earlier rule answers every sample: one that answers some leaves the pattern the rest.
        const answers = pattern.samples.map((sample) => first(sample, matcher.line, true));
        if (answers.some((found) => found === undefined)) {
          yield undefined;
          continue;
        }
        const by = Math.min(...answers.map((found) => found!.line));
        yield { line: matcher.line, source: pattern.source, by, sample: pattern.samples[0]!.pathname };
      }
    },
  };
}
