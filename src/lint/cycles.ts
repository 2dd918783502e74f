import { type LintFinding, lintFinding } from './finding.js';
import { type RedirectEdge, type RuleGraph, type RuleWalk, walkRules } from './rule-graph.js';

/**
 * Rules that send a URL round in a loop (A → B, B → A): the browser gives up with "too many redirects". Each loop is
 * reported once, on its first line, naming the others; a rule redirecting to itself is src/lint/self-redirects.ts.
 */
export function findCycles(graph: RuleGraph, walks = walkRules(graph)): LintFinding[] {
  const findings: LintFinding[] = [];
  const reported = new Set<readonly RedirectEdge[]>();
  for (const walk of walks.values() as IterableIterator<RuleWalk>) {
    const loop = walk.cycle;
    if (loop === undefined || loop.length < 2 || reported.has(loop)) continue;
    reported.add(loop);
    const lines = loop.map((r) => r.line).sort((a, b) => a - b);
    const head = loop.find((r) => r.line === lines[0])!;
    const at = loop.indexOf(head);
    const ordered = [...loop.slice(at), ...loop.slice(0, at)];
    const walkText = [...ordered.map((r) => graph.display(r.source)), graph.display(head.source)].join(' → ');
    findings.push(
      lintFinding('cycle', {
        line: head.line,
        source: graph.display(head.source),
        target: graph.display(head.target),
        message: `redirect loop: ${walkText} (${graph.whereAll(lines)})`,
        related: lines.slice(1),
      }),
    );
  }
  return findings.sort((a, b) => a.line - b.line);
}
