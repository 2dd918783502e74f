import type { InputItem } from '../row.js';
import { onBase, ruleRow } from '../rule-row.js';
import type { CompiledRules } from './rule-match.js';
import { skippedPatternItems } from './skipped-items.js';

/** Options of {@link sampleRows}. */
export interface SampleRowsOptions {
  /** The site under test: each sample's path and query are checked there (a staging deploy), not on its own host. */
  baseUrl?: string;
}

/** The row checking one sample URL against the rule that answers it, or the unmatched row when none does. */
function sampleItem(rules: CompiledRules, line: number, sample: string, options: SampleRowsOptions): InputItem {
  const url = new URL(sample);
  const found = rules.match(url);
  if (found === undefined) {
    const source = options.baseUrl === undefined ? url.href : onBase(url.pathname + url.search, options.baseUrl).href;
    return {
      kind: 'row',
      row: { line, source, unmatched: 'no rule matches this sample (a gap in the migration)', extra: { rule: '' } },
    };
  }
  if ('problem' in found)
    return { kind: 'skipped', line, text: sample, reason: `rule at line ${found.line}: ${found.problem}` };
  const rule =
    found.target === undefined
      ? { line, from: url.href, status: found.status }
      : { line, from: url.href, to: found.target, status: found.status };
  const item = ruleRow(rule, options);
  if (item.kind === 'row') item.row.extra = { rule: `line ${found.line}` };
  else if (item.kind === 'invalid') item.message = `sample ${sample}: rule at line ${found.line}: ${item.message}`;
  return item;
}

/**
 * The rows of `--samples`: the rules file's malformed rules first (on their lines), then each sample matched against
 * the rules with the format's own precedence, its expected target computed from the rule that answers it (captures,
 * splats and placeholders filled in) and checked live; a sample no rule answers is a failed `unmatched` row rather
 * than dropped. Each row carries the rule's line in `extra.rule`; rows are numbered by the samples' lines.
 */
export async function* sampleRows(
  rules: CompiledRules,
  samples: AsyncIterable<InputItem>,
  options: SampleRowsOptions,
): AsyncGenerator<InputItem> {
  for (const problem of [...rules.problems].sort((a, b) => a.line - b.line)) {
    yield { kind: 'invalid', line: problem.line, message: problem.message };
  }
  for await (const item of samples) {
    if (item.kind === 'row') yield sampleItem(rules, item.row.line, item.row.source, options);
    else if (item.kind === 'invalid') yield { ...item, message: `in --samples: ${item.message}` };
  }
  yield* skippedPatternItems(rules.skipped);
}
