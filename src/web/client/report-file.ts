/**
 * A report file read in the browser (nothing is uploaded): an HTML report of `hoplens check --format html` gives back
 * the data it embeds; a json or ndjson report's rows (and closing summary record) are packed as the CLI packs them.
 */

import type { CheckSummary, RowResult } from '../../check/judging.js';
import { type ReportData, ReportDataBuilder } from '../../report/view/page.js';

type Summary = { kind: 'summary'; redirectCollapse?: CheckSummary['collapse'] };

function fromHtml(text: string): ReportData {
  // Read as text, not parsed as a document: a parsed report's inline styles would meet the page's CSP. The data can
  // hold no `<` (src/report/html-file.ts escapes it), so the first `</script>` ends it.
  const embedded = /<script type="application\/json" id="hoplens-data">([^<]*)<\/script>/.exec(text)?.[1];
  if (embedded === undefined) throw new Error('this HTML file is not a hoplens report');
  return JSON.parse(embedded) as ReportData;
}

/** The records of a json array or of ndjson, a line at a time as the CLI writes both. */
function records(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as unknown[];
  return trimmed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new Error(`line ${index + 1} is not JSON: not an ndjson report of hoplens check`);
      }
    });
}

function fromJson(text: string, name: string): ReportData {
  const builder = new ReportDataBuilder(name, name);
  let collapse: CheckSummary['collapse'];
  for (const record of records(text)) {
    const row = record as Partial<RowResult> & Partial<Summary>;
    if (row.kind === 'summary') {
      collapse = row.redirectCollapse ?? collapse;
      continue;
    }
    if (typeof row.line !== 'number' || typeof row.outcome !== 'string' || !Array.isArray(row.chain)) {
      throw new Error('a record has no line, outcome or chain: not a report of hoplens check');
    }
    builder.add(row as RowResult);
  }
  return builder.data(collapse === undefined ? {} : { collapse });
}

/** The report in `text`, a file called `name`; throws, in words, when it is none. */
export function readReportFile(text: string, name: string): ReportData {
  const start = text.trimStart()[0];
  if (start === '<') return fromHtml(text);
  if (start === '[' || start === '{') return fromJson(text, name);
  throw new Error('not a json, ndjson or HTML report of hoplens check');
}
