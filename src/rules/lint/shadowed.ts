import { sameRule } from './duplicates.js';
import { type LintFinding, lintFinding } from './finding.js';
import type { RuleGraph } from './rule-graph.js';

/**
 * Rules that never apply because an earlier rule answers the same source differently (first match wins, as Netlify,
 * Vercel, Apache and the tools' exports apply their rules): the later target is dead.
 */
export function findShadowed(graph: RuleGraph): LintFinding[] {
  return graph.rows.flatMap((row) => {
    const first = graph.first.get(graph.key(row.source))!;
    if (first === row || sameRule(graph, first, row)) return [];
    const answer = first.target === undefined ? `status ${first.status}` : graph.display(first.target);
    return [
      lintFinding('shadowed', {
        line: row.line,
        source: graph.display(row.source),
        ...(row.target === undefined ? {} : { target: graph.display(row.target) }),
        message: `never applies: line ${first.line} answers ${graph.display(row.source)} first (→ ${answer})`,
        related: [first.line],
      }),
    ];
  });
}
