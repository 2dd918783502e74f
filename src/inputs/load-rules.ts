import { Readable } from 'node:stream';
import { type InputsError, isInputsError } from './errors.js';
import { isRuleFormat } from './formats/table.js';
import { hasPatternMatching } from './patterns/formats.js';
import type { CompiledRules } from './patterns/rule-match.js';
import type { InputPlan } from './plan.js';
import type { CheckRow, SkippedItem } from './row.js';
import { readInput } from './source.js';

/** Everything a rules file holds, read in full: lint and fix look at the rules as a whole. */
export interface LoadedRules {
  rows: CheckRow[];
  skipped: SkippedItem[];
  invalid: Array<{ line: number; message: string }>;
  /** The input error that stopped the reading (not JSON, a bad header): the items before it stand. */
  inputError?: InputsError;
  /** With `compile`, for a format with pattern rules: the file compiled by its matcher (src/inputs/patterns/). */
  compiled?: CompiledRules;
}

/** What {@link loadRules} does besides reading the rows. */
export interface LoadRulesOptions {
  /** Compile the file by its format's matcher too (lint's shadowing by pattern rules); the file is read once. */
  compile?: boolean;
}

/** The file compiled by its format's matcher, when the format has one; undefined when it cannot be compiled. */
async function compiledRules(plan: InputPlan, chunks: Buffer[]): Promise<CompiledRules | undefined> {
  const format = plan.inputFormat;
  if (!isRuleFormat(format) || !hasPatternMatching(format)) return undefined;
  const { compileRules } = await import('./patterns/index.js');
  // A file the matcher cannot read is reported by the reader; lint goes on without pattern shadowing.
  return compileRules(format, Readable.from(chunks), plan.readOptions.variant).catch(() => undefined);
}

/** Reads every item of the file with the reader `hoplens check` uses (shadowed rules kept as rows). */
export async function loadRules(
  plan: InputPlan,
  input: Readable,
  options: LoadRulesOptions = {},
): Promise<LoadedRules> {
  const loaded: LoadedRules = { rows: [], skipped: [], invalid: [] };
  let stream = input;
  if (options.compile === true && isRuleFormat(plan.inputFormat) && hasPatternMatching(plan.inputFormat)) {
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    const compiled = await compiledRules(plan, chunks);
    if (compiled !== undefined) loaded.compiled = compiled;
    stream = Readable.from(chunks);
  }
  try {
    for await (const item of readInput(plan.inputFormat, stream, plan.readOptions)) {
      if (item.kind === 'row') loaded.rows.push(item.row);
      else if (item.kind === 'skipped') loaded.skipped.push(item);
      else loaded.invalid.push({ line: item.line, message: item.message });
    }
  } catch (error) {
    if (!isInputsError(error) || error.code === 'INPUT_OPTION_INVALID') throw error;
    loaded.inputError = error;
  }
  return loaded;
}
