import type { Readable } from 'node:stream';
import type { FormatReadOptions } from '../formats/spec.js';
import { FORMAT_TABLE } from '../formats/table.js';
import { readWholeText } from '../text/whole-text.js';
import type { PatternFormat } from './formats.js';
import type { CompiledRules } from './rule-match.js';

export { hasPatternMatching, PATTERN_FORMATS, type PatternFormat } from './formats.js';
export type { CompiledRules, RuleMatch, RuleProblem } from './rule-match.js';
export { type SampleRowsOptions, sampleRows } from './sample-rows.js';
export { FILE_STEP_BUDGET, MATCH_STEP_BUDGET, type SkippedPattern } from './server-regex.js';
export { skippedPatternItems } from './skipped-items.js';

/**
 * Reads a whole rules file, literal and pattern rules alike, into its format's matcher (a sample may be answered by a
 * literal rule before a pattern, and nginx prefers an exact location wherever it is written): the file parsed once
 * by its format (src/inputs/formats/spec.ts), the matcher made from that parse.
 */
export async function compileRules(
  format: PatternFormat,
  stream: Readable,
  options: Pick<FormatReadOptions, 'variant' | 'docroot'> = {},
): Promise<CompiledRules> {
  const parsed = await FORMAT_TABLE[format].parse!(await readWholeText(stream), options);
  return parsed.compile!();
}
