import { Readable } from 'node:stream';
import { type InputsError, isInputsError } from './errors.js';
import { parseAndCompile } from './formats/parsed-read.js';
import { FORMAT_TABLE, isRuleFormat } from './formats/table.js';
import type { CompiledRules } from './patterns/rule-match.js';
import type { InputPlan } from './plan.js';
import type { CheckRow, InputItem, SkippedItem } from './row.js';
import type { RulePlaces } from './rule-places.js';
import { readInput } from './source.js';
import { readWholeText } from './text/whole-text.js';

/** Everything a rules file holds, read in full: lint and fix look at the rules as a whole. */
export interface LoadedRules {
  rows: CheckRow[];
  skipped: SkippedItem[];
  invalid: Array<{ line: number; message: string }>;
  /** The input error that stopped the reading (not JSON, a bad header): the items before it stand. */
  inputError?: InputsError;
  /** For a format with pattern rules: the file compiled by its matcher (src/inputs/patterns/), from the same parse. */
  compiled?: CompiledRules;
  /** For rules read from several files (a vercel.json's bulk redirect files): where each rule-set line is. */
  places?: RulePlaces;
}

/** A rules file read once: its text (what fix rewrites) and its rules, parsed once. */
export interface RulesFile extends LoadedRules {
  text: string;
}

/** The items sorted into rows, skipped and invalid. */
function sorted(items: Iterable<InputItem>, into: LoadedRules): void {
  for (const item of items) {
    if (item.kind === 'row') into.rows.push(item.row);
    else if (item.kind === 'skipped') into.skipped.push(item);
    else into.invalid.push({ line: item.line, message: item.message });
  }
}

/** Keeps an input error (the items before it stand); any other error, or a bad option, is thrown. */
function kept(error: unknown, into: LoadedRules): void {
  if (!isInputsError(error) || error.code === 'INPUT_OPTION_INVALID') throw error;
  into.inputError = error;
}

/**
 * The rules of a file's text, parsed once, shadowed rules kept as rows (lint reports them, fix must see every line it
 * may rewrite): a format read whole is parsed by its folder's `parse` and, unless `compile` is false (fix matches no
 * URL), its matcher compiled from that parse; any other input (a CSV, a list, a line-by-line rule format) read by its
 * reader from the text.
 */
export async function parseRulesText(
  plan: InputPlan,
  text: string,
  options: { compile?: boolean } = {},
): Promise<RulesFile> {
  const file: RulesFile = { text, rows: [], skipped: [], invalid: [] };
  const format = plan.inputFormat;
  const parse = isRuleFormat(format) ? FORMAT_TABLE[format].parse : undefined;
  try {
    if (parse !== undefined && options.compile === false) {
      const { items, places } = await parse(text, plan.readOptions);
      sorted(items, file);
      if (places !== undefined) file.places = places;
    } else if (parse !== undefined) {
      const { items, compiled, places } = await parseAndCompile(parse, text, plan.readOptions);
      sorted(items, file);
      if (compiled !== undefined) file.compiled = compiled;
      if (places !== undefined) file.places = places;
    } else {
      for await (const item of readInput(format, Readable.from([text]), plan.readOptions)) sorted([item], file);
    }
  } catch (error) {
    kept(error, file);
  }
  return file;
}

/**
 * Reads a planned input's rules once, shadowed rules kept: a format read whole (its folder's `parse`) is read as text
 * and parsed once (see {@link parseRulesText}); a CSV, a list or a line-by-line rule format stays streamed, its rows
 * collected as they come.
 */
export async function readRulesFile(plan: InputPlan, input: Readable): Promise<LoadedRules> {
  const format = plan.inputFormat;
  const loaded: LoadedRules = { rows: [], skipped: [], invalid: [] };
  try {
    if (isRuleFormat(format) && FORMAT_TABLE[format].parse !== undefined) {
      const { text: _text, ...rules } = await parseRulesText(plan, await readWholeText(input));
      return rules;
    }
    for await (const item of readInput(format, input, plan.readOptions)) sorted([item], loaded);
  } catch (error) {
    kept(error, loaded);
  }
  return loaded;
}
