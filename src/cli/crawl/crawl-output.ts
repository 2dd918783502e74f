/**
 * The report of a crawl's store written as `hoplens check` writes its rows: the format on stdout or `--output`, each
 * `--report FORMAT=FILE`, the `--map` CSV, and the crawl's figures on stderr. The rows are the crawl's
 * (src/crawl/report-rows.ts); only the sinks and formatters are the CLI's.
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { emptySummary } from '../../check/index.js';
import { CrawlMap, type CrawlStore, type CrawlTotals, reportRows } from '../../crawl/index.js';
import { type CheckFormat, effectiveFormat } from '../../formats/formatter.js';
import { colorsFor } from '../colors.js';
import { docsUrlSetting } from '../docs-url.js';
import { cliFormatterFor } from '../formats/cli-formatter.js';
import { TeeFormatter } from '../formats/tee.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { parseReportSpecs } from '../report-flag.js';
import type { CrawlFlags } from './crawl-flags.js';
import { cutsText } from './crawl-summary.js';

/**
 * Writes the report of a crawl's store (also `crawl report`'s, of a shared crawl: src/cli/commands/crawl-report.ts).
 * `startedAt` (`performance.now()`) is when the crawl began, for the summary's time; by default, now.
 */
export async function writeReport(
  store: CrawlStore,
  flags: CrawlFlags,
  io: CliIo,
  interrupted: boolean,
  startedAt = performance.now(),
): Promise<[CrawlTotals, boolean]> {
  const cwd = io.cwd ?? process.cwd();
  const sink =
    flags.output === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(resolve(cwd, flags.output), '--output');
  const format = effectiveFormat((flags.format ?? 'table') as CheckFormat, flags.output === undefined, io.env);
  const colors = colorsFor(sink.isTTY, io.env, flags.color);
  const docsUrl = docsUrlSetting(io.env);
  const docs = docsUrl === undefined ? {} : { docsUrl };
  const files = await reportFiles(flags, cwd, docs);
  const formatter = new TeeFormatter([
    cliFormatterFor(format, sink, { colors, quiet: false, inputName: 'crawl', ...docs }),
    ...files.map(({ formatter }) => formatter),
  ]);
  const map =
    flags.map === undefined ? undefined : await CrawlMap.open(await openFileSink(resolve(cwd, flags.map), '--map'));
  const summary = emptySummary();
  await formatter.begin();
  const rows = await reportRows(store, {
    strict: flags.strict === true,
    row: (row) => formatter.row(row),
    ...(map === undefined ? {} : { map }),
  });
  const { totals } = rows;
  summary.passed = rows.passed;
  summary.failed = rows.failed;
  summary.interrupted = interrupted;
  summary.elapsedMs = performance.now() - startedAt;
  await formatter.end(summary);
  await sink.close();
  for (const file of files) await file.sink.close();
  await map?.close();
  io.stderr.write(cutsText(totals));
  return [totals, rows.failed > 0];
}

/** Each `--report FORMAT=FILE`: a formatter of its own on its own file, as `check` writes them. */
async function reportFiles(
  flags: CrawlFlags,
  cwd: string,
  docs: { docsUrl?: string },
): Promise<{ formatter: ReturnType<typeof cliFormatterFor>; sink: Sink }[]> {
  const files = [];
  for (const spec of parseReportSpecs(flags.report, cwd)) {
    const sink = await openFileSink(spec.path, '--report');
    files.push({
      sink,
      formatter: cliFormatterFor(spec.format, sink, {
        colors: colorsFor(false, {}, false),
        quiet: false,
        inputName: 'crawl',
        ...docs,
      }),
    });
  }
  return files;
}
