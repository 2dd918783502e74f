/**
 * The output formats (issue 43), between the rooms and the faces: each writes a report of check, lint or fix as text
 * to a ReportWriter, with no terminal in sight, so that the CLI, the service and the library can all write them. The
 * CLI implements the writer with its output and keeps what only a terminal shows (the colored table, progress). The
 * format names and the formatter interface are formatter.ts, this room's second entry, light enough for a command
 * line's start-up; the formats are check/ (rows as they come), ci/ (documents of findings) and lint/ (lint's
 * findings), and select-formatter.ts picks check's for a `--format`. The third entry, finding-help.ts, is every
 * finding kind with its help page, which `hoplens explain` loads at start-up and the CI formats link.
 */
export * from './check/index.js';
export * from './ci/index.js';
export * from './formatter.js';
export { helpLink, informationLink } from './help-link.js';
export * from './lint/index.js';
export { type FormatterContext, formatterFor } from './select-formatter.js';
export { memorySpool, type Spool, type SpoolFactory } from './spool.js';
export type { ReportWriter } from './writer.js';
