import type { CheckRow, InputItem } from '../../inputs/index.js';

/** Why each rule's row may fail because of the other rules: by line, the lint finding's words. */
export type RuleChains = ReadonlyMap<number, string>;

/**
 * The chains and loops a rules file makes (line 7 sends /a to /b, line 9 sends /b on), found as `hoplens lint`
 * finds them (src/lint/), by the rule's line: a row that fails because of one says so, naming both lines,
 * instead of only "final URL is /c, expected /b". Found among the items the check itself runs (read ahead once:
 * src/inputs/read-ahead.ts), not from a second reading of the file.
 */
export async function findRuleChains(baseUrl: string | undefined, items: readonly InputItem[]): Promise<RuleChains> {
  // Lint's graph is loaded only for a rules file: a list, a CSV or a sitemap never needs it.
  const { buildRuleGraph, findChains, findCycles } = await import('../../lint/index.js');
  const rows: CheckRow[] = items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));
  const origin = baseUrl === undefined ? undefined : new URL(baseUrl).origin;
  const graph = buildRuleGraph(rows, origin);
  const chains = new Map<number, string>();
  for (const finding of [...findCycles(graph), ...findChains(graph)]) {
    const members = [finding.line, ...(finding.related ?? [])];
    // Every rule of a loop fails because of it, each told from its own line; a chain fails its first rule only.
    const told = finding.kind === 'cycle' ? members.map((_, at) => rotated(members, at)) : [members];
    for (const lines of told) {
      const what = finding.kind === 'cycle' ? 'the rules loop' : 'the rules chain';
      const path = lines.map((line) => `line ${line}`).join(' → ');
      if (!chains.has(lines[0]!)) chains.set(lines[0]!, `${what} (${path}): ${finding.message}`);
    }
  }
  return chains;
}

/** A loop's lines told from its `at`-th rule: the same loop, started there. */
function rotated(lines: readonly number[], at: number): number[] {
  return [...lines.slice(at), ...lines.slice(0, at)];
}
