import { type LintFinding, lintFinding } from './finding.js';
import { edges, isSelfRedirect, type RuleGraph } from './rule-graph.js';

/** Each temporary status with the permanent one that keeps its method semantics (RFC 9110 §15.4). */
const PERMANENT_FOR: Readonly<Record<number, number>> = Object.freeze({ 302: 301, 303: 301, 307: 308 });

/**
 * With `--migration`, redirect rules with a temporary status: a site move is permanent, and a temporary redirect tells
 * search engines to keep the old URL indexed (Google's site-move guidance asks for 301 or 308).
 */
export function findTemporaryMoves(graph: RuleGraph): LintFinding[] {
  return edges(graph).flatMap((rule) => {
    const permanent = rule.status === undefined ? undefined : PERMANENT_FOR[rule.status];
    if (permanent === undefined || isSelfRedirect(graph, rule)) return [];
    return [
      lintFinding('temporary_move', {
        line: rule.line,
        source: graph.display(rule.source),
        target: graph.display(rule.target),
        message: `temporary ${rule.status} for a permanent move: use ${permanent}`,
        suggestion: String(permanent),
      }),
    ];
  });
}
