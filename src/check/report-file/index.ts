/**
 * The report file of `hoplens check`, owned in one place (issue 43): the json/ndjson report is one record a row and a
 * closing summary record; this room writes that record, reads rows and records back from a file, a text or a stream
 * of lines (with the errors that say why a file is no report), and reads the JUnit report `report merge` combines.
 * The CLI's formats, `report merge`, `report html`, `check --resume` and the page's downloads and dropped files all
 * go through it, so that a report is the same whoever wrote or reads it. The page enters by portable.ts (no Node
 * module); this entry adds the readers of files by path and the check of a stored row's shape.
 */
export * from './portable.js';
export { jsonRecords, junitRecords, junitTotals, reportFormat, reportFormatOfFiles } from './report-files.js';
export { storedRecordOf } from './stored-line.js';
