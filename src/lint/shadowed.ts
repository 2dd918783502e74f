import type { CheckRow } from '../inputs/index.js';
import { type PatternShadow, patternShadow } from '../inputs/index.js';
import type { CompiledRules } from '../inputs/patterns/index.js';
import { sameRule } from './duplicates.js';
import { type LintFinding, lintFinding } from './finding.js';
import type { RuleGraph } from './rule-graph.js';
import type { TimeSlices } from './time-slices.js';

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
export async function findShadowed(
  graph: RuleGraph,
  ordered: boolean,
  rules: CompiledRules | undefined,
  slices: TimeSlices,
): Promise<LintFinding[]> {
  const literals = await literalsShadowed(graph, ordered, rules, slices);
  const patterns = await patternsShadowed(rules, slices);
  return [...literals, ...patterns].sort((a, b) => a.line - b.line);
}

/** Pattern rules an earlier rule answers for every URL they match (`/blog/*` after `/*`), where the format can tell. */
async function patternsShadowed(rules: CompiledRules | undefined, slices: TimeSlices): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  for (const shadow of rules?.shadowedPatterns?.() ?? []) {
    await slices.next();
    if (shadow === undefined) continue;
    findings.push(
      lintFinding('shadowed', {
        line: shadow.line,
        source: shadow.source,
        message: `never applies: line ${shadow.by} answers every URL it matches first (${shadow.sample}, for one)`,
        related: [shadow.by],
      }),
    );
  }
  return findings;
}

/** The finding on one literal rule, if an earlier rule or a pattern answers its source first. */
function literalShadowed(graph: RuleGraph, ordered: boolean, rules: CompiledRules | undefined, row: CheckRow) {
  const first = graph.first.get(graph.key(row.source))!;
  if (first !== row) {
    // A repeat of an earlier rule: a duplicate (reported as such), or shadowed by it when order decides.
    if (!ordered || sameRule(graph, first, row)) return undefined;
    const answer = first.target === undefined ? `status ${first.status}` : graph.display(first.target);
    return shadowedFinding(graph, row, { line: first.line, answer });
  }
  const by = rules === undefined ? undefined : patternShadow(rules, row, graph.display);
  return by === undefined ? undefined : shadowedFinding(graph, row, by);
}

async function literalsShadowed(
  graph: RuleGraph,
  ordered: boolean,
  rules: CompiledRules | undefined,
  slices: TimeSlices,
): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  for (const row of graph.rows) {
    const finding = literalShadowed(graph, ordered, rules, row);
    if (finding !== undefined) findings.push(finding);
    await slices.next();
  }
  return findings;
}
