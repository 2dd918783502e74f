import {
  type FixEdit,
  type InputPlan,
  isRuleFormat,
  readCsvHeader,
  WRITABLE_RULE_FORMATS,
  writeCsvTargets,
  writeRules,
} from '../inputs/index.js';

/**
 * The formats `hoplens fix` writes back: every rule format with a writer in its folder (src/inputs/formats/), and a
 * plain CSV of `source,target` rows.
 */
export const FIX_FORMATS: readonly string[] = Object.freeze([...WRITABLE_RULE_FORMATS, 'csv']);

/** Writes a file's text with each edit's rule pointed at its new destination. */
export type RulesWriter = (text: string, edits: readonly FixEdit[]) => Promise<string | undefined>;

/** The writer of the input's own format, or undefined when fix does not write it. */
export function fixWriter(plan: InputPlan): RulesWriter | undefined {
  const format = plan.inputFormat;
  if (format === 'csv') {
    return (text, edits) =>
      writeCsvTargets(text, edits, {
        fromHeader: (header, line) => readCsvHeader(header, line, plan.readOptions.csv?.columns).roles.target,
      });
  }
  if (!isRuleFormat(format) || !WRITABLE_RULE_FORMATS.includes(format)) return undefined;
  return (text, edits) => writeRules(format, text, edits, plan.readOptions);
}
