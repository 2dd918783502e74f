/**
 * The report formats of `hoplens lint`: the report's shape, and each format of it rendered at once (lint reads the
 * whole file before it can judge a chain): JSON, NDJSON, CSV, JUnit, and the CI formats through a lint report's
 * findings. The table for people is the face's, given in the context.
 */

export { LINT_CSV_COLUMNS, renderLintCsv } from './lint-csv.js';
export { type LintFormatContext, renderLint } from './lint-formats.js';
export { renderLintJson, renderLintNdjson } from './lint-json.js';
export { renderLintJunit } from './lint-junit.js';
export { findingPath, type LintReport, type LintSummary } from './lint-report.js';
