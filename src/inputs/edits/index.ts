/*
 * The one text-edit engine: replacements of character ranges applied to a text with everything else kept as it was,
 * and the unified diff of a text edited in place. `hoplens fix`'s rule writers (src/inputs/formats/) and the files
 * crawl's `--fix` (src/file-links/) both rewrite through it.
 */
export { applyEdits, type TextEdit } from './text-edit.js';
export { unifiedDiff } from './unified-diff.js';
