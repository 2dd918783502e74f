/*
 * The fix room's entry: rules flattened, each source pointed straight at its final destination, and written back in
 * the input's own format. It reads through inputs' entry and follows rules with lint's graph; the CLI's `hoplens fix`
 * only opens the files and reports.
 */
export { type Flattening, flatten } from './flatten.js';
export { type FileEdits, type FixedFile, fixRuleFiles, splitEdits } from './rule-files.js';
export { FIX_FORMATS, fixWriter, type RulesWriter } from './writer.js';
