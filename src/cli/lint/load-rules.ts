import type { Readable } from 'node:stream';
import type { CheckRow } from '../../check/row.js';
import { type CliError, isCliError } from '../errors.js';
import type { SkippedRule } from '../formats/formatter.js';
import { readInput } from '../inputs/source.js';
import type { RuleFilePlan } from './rule-file.js';

/** Everything a rules file holds, read in full: lint and fix look at the rules as a whole. */
export interface LoadedRules {
  rows: CheckRow[];
  skipped: SkippedRule[];
  invalid: Array<{ line: number; message: string }>;
  /** The input error that stopped the reading (not JSON, a bad header): the items before it stand. */
  inputError?: CliError;
}

/** Reads every item of the file with the reader `hoplens check` uses (shadowed rules kept as rows). */
export async function loadRules(plan: RuleFilePlan, stream: Readable): Promise<LoadedRules> {
  const loaded: LoadedRules = { rows: [], skipped: [], invalid: [] };
  try {
    for await (const item of readInput(plan.inputFormat, stream, plan.readOptions)) {
      if (item.kind === 'row') loaded.rows.push(item.row);
      else if (item.kind === 'skipped') loaded.skipped.push(item);
      else loaded.invalid.push({ line: item.line, message: item.message });
    }
  } catch (error) {
    if (!isCliError(error) || error.code !== 'INPUT_ERROR') throw error;
    loaded.inputError = error;
  }
  return loaded;
}
