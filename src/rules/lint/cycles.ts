import { type LintFinding, lintFinding } from './finding.js';
import { edges, followRules, isSelfRedirect, type RuleGraph } from './rule-graph.js';

/**
 * Rules that send a URL round in a loop (A → B, B → A): the browser gives up with "too many redirects". Each loop is
 * reported once, on its first line, naming the others; a rule redirecting to itself is src/rules/lint/self-redirects.ts.
 */
export function findCycles(graph: RuleGraph): LintFinding[] {
  const findings: LintFinding[] = [];
  const reported = new Set<string>();
  for (const rule of edges(graph)) {
    if (isSelfRedirect(graph, rule)) continue;
    const path = followRules(graph, rule);
    if (!path.loops) continue;
    const start = path.rules.findIndex((r) => graph.key(r.source) === graph.key(path.final));
    const loop = path.rules.slice(start);
    if (loop.length < 2) continue;
    const lines = loop.map((r) => r.line).sort((a, b) => a - b);
    const id = lines.join(',');
    if (reported.has(id)) continue;
    reported.add(id);
    const head = loop.find((r) => r.line === lines[0])!;
    const at = loop.indexOf(head);
    const ordered = [...loop.slice(at), ...loop.slice(0, at)];
    const walk = [...ordered.map((r) => graph.display(r.source)), graph.display(head.source)].join(' → ');
    findings.push(
      lintFinding('cycle', {
        line: head.line,
        source: graph.display(head.source),
        target: graph.display(head.target!),
        message: `redirect loop: ${walk} (lines ${lines.join(', ')})`,
        related: lines.slice(1),
      }),
    );
  }
  return findings;
}
