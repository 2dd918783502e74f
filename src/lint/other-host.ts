import { type LintFinding, lintFinding } from './finding.js';
import { edges, type RuleGraph } from './rule-graph.js';

/** With `--same-host`, redirect rules sending visitors to another host than their source's (port included). */
export function findOtherHosts(graph: RuleGraph): LintFinding[] {
  return edges(graph).flatMap((rule) => {
    const from = new URL(rule.source).host;
    const to = new URL(rule.target).host;
    if (from === to) return [];
    return [
      lintFinding('other_host', {
        line: rule.line,
        source: graph.display(rule.source),
        target: graph.display(rule.target),
        message: `target on another host: ${to}`,
      }),
    ];
  });
}
