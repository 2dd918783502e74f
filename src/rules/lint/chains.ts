import { type LintFinding, lintFinding } from './finding.js';
import { edges, followRules, isSelfRedirect, type RuleGraph } from './rule-graph.js';

/**
 * Rules whose target another rule redirects again (A → B, B → C): every visitor pays a hop more, and search engines
 * follow a few hops only. The finding suggests the chain's end (A → C); loops are src/rules/lint/cycles.ts's.
 */
export function findChains(graph: RuleGraph): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const rule of edges(graph)) {
    if (isSelfRedirect(graph, rule)) continue;
    const path = followRules(graph, rule);
    if (path.loops || path.rules.length < 2) continue;
    const [, next] = path.rules;
    const final = graph.display(path.final);
    const hops = path.rules.map((r) => graph.display(r.source));
    findings.push(
      lintFinding('chain', {
        line: rule.line,
        source: graph.display(rule.source),
        target: graph.display(rule.target),
        message: `chain of ${path.rules.length} redirects: ${[...hops, final].join(' → ')} (line ${next!.line} redirects ${graph.display(rule.target)} again); point it at ${final}`,
        suggestion: final,
        related: path.rules.slice(1).map((r) => r.line),
      }),
    );
  }
  return findings;
}
