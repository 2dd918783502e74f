import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { CheckRow } from '../../inputs/index.js';
import { isHttpLocation, isRuleFormat, openInput, readInput } from '../../inputs/index.js';
import { buildRuleGraph, findChains, findCycles } from '../../lint/index.js';
import type { CliIo } from '../io.js';
import type { CheckPlan } from './plan.js';

/** Why each rule's row may fail because of the other rules: by line, the lint finding's words. */
export type RuleChains = ReadonlyMap<number, string>;

/**
 * The chains and loops a rules file makes (line 7 sends /a to /b, line 9 sends /b on), found as `hoplens lint`
 * finds them (src/lint/), by the rule's line: a row that fails because of one says so, naming both lines,
 * instead of only "final URL is /c, expected /b". The file is read once more, whole, before the check (a rules
 * file: a CSV or list of 100,000 rows stays streamed, and standard input or a pipe cannot be read twice).
 */
export async function findRuleChains(plan: CheckPlan, io: CliIo): Promise<RuleChains | undefined> {
  const { inputPath, inputFormat } = plan;
  if (!isRuleFormat(inputFormat) || plan.samples !== undefined) return undefined;
  if (inputPath === '-' || isHttpLocation(inputPath)) return undefined;
  // A pipe (`<(cmd)`) can be read once only: it is the check's.
  if (
    !(await stat(inputPath).then(
      (info) => info.isFile(),
      () => false,
    ))
  )
    return undefined;
  const rows: CheckRow[] = [];
  let stream: Readable | undefined;
  try {
    stream = await openInput(inputPath, io.stdin, inputFormat);
    for await (const item of readInput(inputFormat, stream, plan.readOptions))
      if (item.kind === 'row') rows.push(item.row);
  } catch {
    // The check's own reading reports what is wrong with the file; without the rules, rows are judged alone.
  } finally {
    // A reader that stopped early leaves the file open: closed here, not by the garbage collector.
    stream?.destroy();
  }
  const origin = plan.baseUrl === undefined ? undefined : new URL(plan.baseUrl).origin;
  const graph = buildRuleGraph(rows, origin);
  const chains = new Map<number, string>();
  for (const finding of [...findCycles(graph), ...findChains(graph)]) {
    const lines = [finding.line, ...(finding.related ?? [])].map((line) => `line ${line}`).join(' → ');
    const what = finding.kind === 'cycle' ? 'the rules loop' : 'the rules chain';
    if (!chains.has(finding.line)) chains.set(finding.line, `${what} (${lines}): ${finding.message}`);
  }
  return chains;
}
