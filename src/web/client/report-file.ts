/**
 * A report file read in the browser (nothing is uploaded): an HTML report of `hoplens check --format html` gives back
 * the data it embeds; a json or ndjson report is read by src/check/report-file/ and its rows packed as the CLI packs
 * them.
 */

import { readReportText } from '../../check/report-file/portable.js';
import { type ReportData, ReportDataBuilder } from '../../report/view/page.js';

function fromHtml(text: string): ReportData {
  // Read as text, not parsed as a document: a parsed report's inline styles would meet the page's CSP. The data can
  // hold no `<` (src/report/html-file.ts escapes it), so the first `</script>` ends it.
  const embedded = /<script type="application\/json" id="hoplens-data">([^<]*)<\/script>/.exec(text)?.[1];
  if (embedded === undefined) throw new Error('this HTML file is not a hoplens report');
  return JSON.parse(embedded) as ReportData;
}

function fromJson(text: string, name: string): ReportData {
  const builder = new ReportDataBuilder(name, name);
  const { rows, summary } = readReportText(text);
  for (const row of rows) builder.add(row);
  const collapse = summary?.redirectCollapse;
  return builder.data(collapse === undefined ? {} : { collapse });
}

/** The report in `text`, a file called `name`; throws, in words, when it is none. */
export function readReportFile(text: string, name: string): ReportData {
  const start = text.trimStart()[0];
  if (start === '<') return fromHtml(text);
  if (start === '[' || start === '{') return fromJson(text, name);
  throw new Error('not a json, ndjson or HTML report of hoplens check');
}
