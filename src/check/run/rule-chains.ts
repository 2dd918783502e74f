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
    const lines = [finding.line, ...(finding.related ?? [])].map((line) => `line ${line}`).join(' → ');
    const what = finding.kind === 'cycle' ? 'the rules loop' : 'the rules chain';
    if (!chains.has(finding.line)) chains.set(finding.line, `${what} (${lines}): ${finding.message}`);
  }
  return chains;
}
