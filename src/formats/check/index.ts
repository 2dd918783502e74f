/**
 * The report formats of `hoplens check` that write rows as they come (json, ndjson, CSV, JUnit, the HTML report),
 * each a CheckFormatter on a ReportWriter.
 */
export { CsvFormatter } from './csv.js';
export { HtmlFormatter } from './html.js';
export { JsonFormatter } from './json.js';
export { JunitFormatter, type JunitOptions, xmlLines } from './junit.js';
export { NdjsonFormatter } from './ndjson.js';
