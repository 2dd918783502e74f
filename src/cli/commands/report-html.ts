import { basename, resolve } from 'node:path';
import type { RowResult } from '../../check/index.js';
import {
  jsonRecords,
  mergeByLine,
  mergedCollapse,
  reportFormatOfFiles,
  type SummaryRecord,
} from '../../check/report-file/index.js';
import { ReportDataBuilder, reportHtml } from '../../report/index.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { plural } from '../plural.js';
import { readingReports } from '../report/report-input.js';

/** Flags of `hoplens report html`. */
export interface ReportHtmlFlags {
  output?: string;
}

/**
 * `hoplens report html FILE...` (and `report merge --format html`): json or ndjson reports of `hoplens check`, rows in
 * input-line order, turned into the HTML report `check --format html` writes, with the runs' collapse summed as
 * `report merge` sums it. Exits 1 when a row failed or errored, as the run did.
 */
export async function reportHtmlCommand(files: string[], flags: ReportHtmlFlags, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const paths = files.map((file) => resolve(cwd, file));
  const output = flags.output === undefined ? undefined : resolve(cwd, flags.output);
  if (output !== undefined && paths.includes(output)) {
    throw cliError('USAGE_ERROR', `--output ${output} is one of the reports to read: choose another file`, {
      flag: '--output',
    });
  }
  const format = await readingReports(() => reportFormatOfFiles(paths));
  if (format === 'junit')
    throw cliError('INPUT_ERROR', 'an HTML report is made from json or ndjson reports, not junit');
  const name = files.map((file) => basename(file)).join(', ');
  const data = new ReportDataBuilder(name, name);
  const summaries: SummaryRecord[] = [];
  let bad = 0;
  await readingReports(async () => {
    for await (const record of mergeByLine(paths.map((path) => jsonRecords(path, summaries)))) {
      if (record.outcome === 'failed' || record.outcome === 'errored') bad++;
      data.add(JSON.parse(record.text) as RowResult);
    }
  });
  const collapse = mergedCollapse(summaries);
  const sink =
    output === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(output, '--output');
  try {
    await sink.write(reportHtml(data.data(collapse === undefined ? {} : { collapse })));
  } finally {
    await sink.close();
  }
  if (output !== undefined)
    io.stdout.write(`Wrote the HTML report of ${plural(files.length, 'report')} to ${output}\n`);
  return bad > 0 || collapse?.severity === 'error' ? EXIT.FAILED : EXIT.OK;
}
