import { type LintFinding, lintFinding } from './finding.js';
import { isSelfRedirect, type RuleGraph } from './rule-graph.js';

/** Rules whose target is their own source: the URL redirects to itself for ever. */
export function findSelfRedirects(graph: RuleGraph): LintFinding[] {
  return graph.rows
    .filter((row) => isSelfRedirect(graph, row))
    .map((row) =>
      lintFinding('self_redirect', {
        line: row.line,
        source: graph.display(row.source),
        target: graph.display(row.target!),
        message: `${graph.display(row.source)} redirects to itself`,
      }),
    );
}
