import type { CheckRow } from '../inputs/index.js';
import { type PatternShadow, patternShadow } from '../inputs/index.js';
import type { CompiledRules } from '../inputs/patterns/index.js';
import { sameRule } from './duplicates.js';
import { type LintFinding, lintFinding } from './finding.js';
import type { RuleGraph } from './rule-graph.js';

function shadowedFinding(graph: RuleGraph, row: CheckRow, by: PatternShadow): LintFinding {
  const answer = by.answer === undefined ? '' : ` (→ ${by.answer})`;
  return lintFinding('shadowed', {
    line: row.line,
    source: graph.display(row.source),
    ...(row.target === undefined ? {} : { target: graph.display(row.target) }),
    message: `never applies: ${graph.where(by.line)} answers ${graph.display(row.source)} first${answer}`,
    related: [by.line],
  });
}

/**
 * Rules that never apply because another rule answers their source. With `ordered` (first match wins, as Netlify,
 * Vercel, Apache and the tools' exports apply their rules), an earlier rule for the same source. With the file
 * compiled by its format's matcher (src/inputs/patterns/), a pattern that answers the source first: an earlier
 * `/blog/*` for `/blog/old`, or for nginx whatever location or server rewrite its precedence picks instead; and a
 * pattern rule an earlier rule answers for every URL it matches, where the format can tell (`/q/:one` after `/q/*`).
 */
export function findShadowed(graph: RuleGraph, ordered: boolean, rules?: CompiledRules): LintFinding[] {
  return [...literalsShadowed(graph, ordered, rules), ...patternsShadowed(rules)].sort((a, b) => a.line - b.line);
}

/** Pattern rules an earlier rule answers for every URL they match (`/blog/*` after `/*`), where the format can tell. */
function patternsShadowed(rules: CompiledRules | undefined): LintFinding[] {
  return (rules?.shadowedPatterns?.() ?? []).map((shadow) =>
    lintFinding('shadowed', {
      line: shadow.line,
      source: shadow.source,
      message: `never applies: line ${shadow.by} answers every URL it matches first (${shadow.sample}, for one)`,
      related: [shadow.by],
    }),
  );
}

function literalsShadowed(graph: RuleGraph, ordered: boolean, rules: CompiledRules | undefined): LintFinding[] {
  return graph.rows.flatMap((row) => {
    const first = graph.first.get(graph.key(row.source))!;
    if (first !== row) {
      // A repeat of an earlier rule: a duplicate (reported as such), or shadowed by it when order decides.
      if (!ordered || sameRule(graph, first, row)) return [];
      const answer = first.target === undefined ? `status ${first.status}` : graph.display(first.target);
      return [shadowedFinding(graph, row, { line: first.line, answer })];
    }
    const by = rules === undefined ? undefined : patternShadow(rules, row, graph.display);
    return by === undefined ? [] : [shadowedFinding(graph, row, by)];
  });
}
