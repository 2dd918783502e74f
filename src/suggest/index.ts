/*
 * The suggest room's entry (issue 45): for each old URL a migration left unmapped, the new URL it most likely moved
 * to, with a confidence and the reason in words, from the URLs' folders, slugs and titles. It reads the pages with
 * the inputs room's readers and lays the proposals out as a CSV or a rules file with inputs' writers; the CLI's
 * `hoplens suggest` only parses flags and writes.
 */
export { PAGE_FORMATS, type PagesSource, type ReadPages, readPages } from './read-pages.js';
export { SUGGEST_FORMATS, type SuggestFormat, suggestionsCsv, suggestionsFile } from './rule-file.js';
export { suggestTargets } from './suggest.js';
export { DEFAULT_THRESHOLD, type Suggestion, type SuggestOptions, type SuggestPage } from './types.js';
