import type { CheckRow } from '../inputs/index.js';
import { type LintFinding, lintFinding } from './finding.js';
import type { RuleGraph } from './rule-graph.js';

/** Whether two rules for one source do the same: same target and status. */
export function sameRule(graph: RuleGraph, a: CheckRow, b: CheckRow): boolean {
  const target = (row: CheckRow) => (row.target === undefined ? undefined : graph.key(row.target));
  return target(a) === target(b) && a.status === b.status;
}

/**
 * Rules repeating an earlier rule for the same source. With `ordered` false (nginx, which picks by specificity, and
 * inputs that are not rules), a later rule that differs is reported here too: which one answers is not up to order.
 */
export function findDuplicates(graph: RuleGraph, ordered: boolean): LintFinding[] {
  return graph.rows.flatMap((row) => {
    const first = graph.first.get(graph.key(row.source))!;
    if (first === row || (ordered && !sameRule(graph, first, row))) return [];
    const same = sameRule(graph, first, row);
    return [
      lintFinding('duplicate', {
        line: row.line,
        source: graph.display(row.source),
        ...(row.target === undefined ? {} : { target: graph.display(row.target) }),
        message: same
          ? `duplicate of ${graph.where(first.line)}: remove it`
          : `${graph.display(row.source)} also has a rule on ${graph.where(first.line)} with another target or status`,
        related: [first.line],
      }),
    ];
  });
}
