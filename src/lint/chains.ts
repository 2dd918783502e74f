import type { CheckRow } from '../inputs/index.js';
import type { CompiledRules } from '../inputs/patterns/index.js';
import { sameRule } from './duplicates.js';
import { type LintFinding, lintFinding } from './finding.js';
import { walkMatched } from './matched-walk.js';
import { edges, isSelfRedirect, type RedirectEdge, type RuleGraph, type RuleWalk, walkRules } from './rule-graph.js';
import type { TimeSlices } from './time-slices.js';

/** The most rules a chain's message walks through, and the most related lines it names; a longer chain is elided. */
const SHOWN = 10;

/** The first rules of a chain from `rule` on, at most {@link SHOWN}: each step is a lookup in the walks. */
function firstRules(rule: RedirectEdge, walks: ReadonlyMap<RedirectEdge, RuleWalk>): RedirectEdge[] {
  const rules = [rule];
  for (let next = walks.get(rule)!.next; next !== undefined && rules.length < SHOWN; next = walks.get(next)!.next) {
    rules.push(next);
  }
  return rules;
}

/**
 * Rules whose target another rule redirects again (A → B, B → C): every visitor pays a hop more, and search engines
 * follow a few hops only. The finding suggests the chain's end (A → C); loops are src/lint/cycles.ts's. Every
 * rule's walk is computed once for the file (linear in its rules); a message names at most ten of a chain's rules,
 * so that a file of one long chain is not reported in quadratic text.
 */
export function findChains(graph: RuleGraph, walks = walkRules(graph)): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const [rule, walk] of walks) {
    if (walk.loops || walk.length < 2 || isSelfRedirect(graph, rule)) continue;
    const shown = firstRules(rule, walks);
    const final = graph.display(walk.final);
    const hops = shown.map((r) => graph.display(r.source));
    if (walk.length > shown.length) hops.push(`… ${walk.length - shown.length} more`);
    findings.push(
      lintFinding('chain', {
        line: rule.line,
        source: graph.display(rule.source),
        target: graph.display(rule.target),
        message: `chain of ${walk.length} redirects: ${[...hops, final].join(' → ')} (${graph.where(walk.next!.line)} redirects ${graph.display(rule.target)} again); point it at ${final}`,
        suggestion: final,
        related: shown.slice(1).map((r) => r.line),
      }),
    );
  }
  return findings.sort((a, b) => a.line - b.line);
}

/**
 * The line a chain names for a hop its format's matcher answered: of identical rules for one URL, the first, which
 * the file keeps, not a later copy that lint tells to remove (Netlify's parser keeps the later copy; which one
 * answers makes no difference to a visitor, issue 44).
 */
function keptLine(graph: RuleGraph, byLine: ReadonlyMap<number, CheckRow>, line: number): number {
  const row = byLine.get(line);
  const first = row === undefined ? undefined : graph.first.get(graph.key(row.source));
  return first !== undefined && row !== undefined && sameRule(graph, first, row) ? first.line : line;
}

/**
 * The chains of a file whose format has a matcher (src/inputs/patterns/): each rule followed with the format's own
 * precedence ({@link walkMatched}), so that a target with a query string (`return 301 /a?src=1`, which nginx's
 * `location = /a` answers), or one a pattern rule answers, is a chain too. A rule whose walk is uncertain (shadowed,
 * looping, a hop only the server can compute) is no chain finding: lint reports it as what it is.
 */
export async function findMatchedChains(
  graph: RuleGraph,
  rules: CompiledRules,
  slices: TimeSlices,
): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  const byLine = new Map(graph.rows.map((row) => [row.line, row]));
  for (const rule of edges(graph)) {
    await slices.next();
    if (isSelfRedirect(graph, rule)) continue;
    const matched = walkMatched(rules, rule, graph.where);
    if ('uncertain' in matched || matched.lines.length === 0) continue;
    const walk = { ...matched, lines: matched.lines.map((line) => keptLine(graph, byLine, line)) };
    const final = graph.display(walk.final);
    const hops = [rule.source, ...walk.via].slice(0, SHOWN).map((url) => graph.display(url));
    if (walk.via.length + 1 > SHOWN) hops.push(`… ${walk.via.length + 1 - SHOWN} more`);
    findings.push(
      lintFinding('chain', {
        line: rule.line,
        source: graph.display(rule.source),
        target: graph.display(rule.target),
        message: `chain of ${walk.lines.length + 1} redirects: ${[...hops, final].join(' → ')} (${graph.where(walk.lines[0]!)} redirects ${graph.display(walk.via[0]!)} again); point it at ${final}`,
        suggestion: final,
        related: walk.lines.slice(0, SHOWN - 1),
      }),
    );
  }
  return findings;
}
