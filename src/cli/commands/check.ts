import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { InputItem } from '../../check/row.js';
import { runChecks } from '../../check/runner.js';
import { shardItems } from '../../check/shard.js';
import { type CheckSummary, checkedRows } from '../../check/summary.js';
import type { AnalyzerConfig } from '../../core/index.js';
import { acquireAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { loadBaseline } from '../baseline-file.js';
import { type CheckChannels, openChannels } from '../check/channels.js';
import { refuseOutputOverInputs } from '../check/output-guard.js';
import type { CheckFlags, CheckPlan } from '../check/plan.js';
import { planCheck } from '../check/plan.js';
import { CheckReport } from '../check/report.js';
import { renderSummary } from '../check/summary-text.js';
import { type CliError, isCliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { openInput, readInput } from '../inputs/source.js';
import { type CliIo, outputClosed } from '../io.js';

/** Help text after the options of `hoplens check`. */
export const CHECK_EXAMPLES = `
Input formats (by extension, or --input):
  csv      a header naming a source column (source, from, old, url...), maybe target (target, to, new...) and
           status (status, code, type...); target is the expected final URL (absolute, or a path on the source's
           site), status the expected status of the first hop; other columns are carried to the report as extra
  list     one URL a line; a row passes when its chain ends in 2xx with no error-severity issue
  Redirect rules (by file name, or --input; paths are made absolute on --base-url, required):
  netlify     _redirects or netlify.toml [[redirects]] (--variant cloudflare-pages: Cloudflare Pages' _redirects)
  vercel      vercel.json redirects          apache    .htaccess / conf: Redirect*, RewriteRule [R]
  nginx       return / rewrite in locations  cloudflare  Bulk Redirects CSV (absolute sources)
  shopify, wordpress (Redirection JSON/CSV), screaming-frog (redirect chains), vercel-bulk, amplify: exports
  Literal rules are checked; patterns, splats, regexes, conditions and rules shadowed by an earlier one for the
  same source are skipped and counted (a file whose rules are all skipped exits 0). See docs/cli.md.
  Path sources (/old) are made absolute on --base-url in every format; a URL without a scheme gets https://; an
  absolute rule source is moved onto --base-url when it is given.
  "-" reads standard input (a list, unless --input says otherwise). Blank lines and # comments are ignored.

A row fails when the final URL differs from the target (scheme, host case and default ports normalised), the first
status differs, there are more redirects than --max-redirects, an error-severity issue is found (a warning too with
--strict), or the analysis fails (counted as errored).

Output: --format table (default), json (an array, one row a line), ndjson, csv or junit, to stdout or --output.
The closing summary goes to stdout, or to stderr when stdout carries json/ndjson/csv/junit.

Examples:
  $ hoplens check redirects.csv
  $ hoplens check urls.txt --concurrency 20 --per-host 4 --retries 3
  $ hoplens check public/_redirects --base-url https://staging.example.com --format junit --output junit.xml
  $ hoplens check redirects.csv --format ndjson --output today.ndjson --baseline yesterday.ndjson
  $ cat urls.txt | hoplens check - --quiet

Exit status:
  0    every row passed (or every rule was skipped)
  1    some row failed or errored (or changed, with --fail-on-change)
  2    usage or input error: unknown flag, missing file, bad CSV, malformed row (reported with its line), no rows,
       an --output that is an input or cannot be written, a --baseline that is not a hoplens report
  130  interrupted (Ctrl-C): the partial summary is printed
`;

/**
 * `hoplens check <file>`: checks every row of a list, CSV or redirect-rule file, streaming rows in and results out.
 * Everything that can be wrong with the command line or the files is found before the first request.
 */
export async function checkCommand(file: string, flags: CheckFlags, io: CliIo): Promise<number> {
  const started = performance.now();
  const plan = planCheck(file, flags, io.cwd ?? process.cwd());
  await refuseOutputOverInputs(plan);
  const settings = await analyzerSettings(flags, io);
  // Inputs first, output last: a bad input must not leave an empty report file behind.
  const baseline = plan.baselinePath === undefined ? undefined : await loadBaseline(plan.baselinePath);
  const stream = await openInput(plan.inputPath, io.stdin, plan.inputFormat);
  const channels = await openChannels(plan, io);
  const report = new CheckReport(plan, channels, baseline);
  let inputError: CliError | undefined;
  try {
    await channels.formatter.begin();
    const options = {
      ...(plan.baseUrl === undefined ? {} : { baseUrl: plan.baseUrl }),
      ...(plan.variant === undefined ? {} : { variant: plan.variant }),
    };
    const read =
      plan.samples === undefined ? readInput(plan.inputFormat, stream, options) : await samples(plan, stream, io);
    const rows = plan.shard === undefined ? read : shardItems(read, plan.shard);
    inputError = await runAndReport(plan, rows, report, io, settings);
    await report.notes(inputError);
    report.summary.elapsedMs = performance.now() - started;
    await channels.formatter.end(report.summary);
  } finally {
    await channels.report.close();
  }
  // The table carries its own summary; a report in a file or on stdout gets it on the human side as well.
  if (plan.format !== 'table' || plan.outputPath !== undefined) {
    await channels.tell(channels.human, renderSummary(report.summary, channels.humanColors));
  }
  return exitStatus(plan, report.summary, inputError, channels);
}

/**
 * The rows of `--samples`: the rules file compiled whole (src/rules/patterns/), each sample matched against it. A
 * sitemap's samples are read as written, so that rules naming the old host still match them; list and CSV paths
 * are made absolute on --base-url.
 */
async function samples(plan: CheckPlan, rulesStream: Readable, io: CliIo): Promise<AsyncIterable<InputItem>> {
  const { compileRules, hasPatternMatching, sampleRows } = await import('../../rules/patterns/index.js');
  const { path, format } = plan.samples!;
  if (!hasPatternMatching(plan.inputFormat)) throw new Error(`no pattern matching for ${plan.inputFormat}`);
  const rules = await compileRules(plan.inputFormat, rulesStream, plan.variant);
  const sampleStream = await openInput(path, io.stdin, format);
  const baseUrl = plan.baseUrl === undefined ? {} : { baseUrl: plan.baseUrl };
  const items = readInput(format, sampleStream, format === 'sitemap' ? {} : baseUrl);
  return sampleRows(rules, items, baseUrl);
}

/**
 * Runs the rows and reports each as it comes, until the input ends, fails (its `INPUT_ERROR` is returned, the rows
 * before it stand) or Ctrl-C stops the run (`summary.interrupted`).
 */
async function runAndReport(
  plan: CheckPlan,
  rows: AsyncIterable<InputItem>,
  report: CheckReport,
  io: CliIo,
  config: AnalyzerConfig,
): Promise<CliError | undefined> {
  // The run's own signal, following Ctrl-C: every row in flight (and every retry wait) listens to it, so it may
  // have as many listeners as rows at once, which Node would otherwise warn about past ten.
  const stop = new AbortController();
  setMaxListeners(plan.limits.concurrency * 2 + 10, stop.signal);
  const interrupt = () => stop.abort();
  if (io.signal?.aborted) stop.abort();
  io.signal?.addEventListener('abort', interrupt, { once: true });

  const { analyzer, release } = acquireAnalyzer(io, config);
  const requestOptions = { ...plan.analyzeOptions, signal: stop.signal };
  const analyze = (url: string) => analyzer.analyze(url, requestOptions);
  let inputError: CliError | undefined;
  try {
    for await (const event of runChecks(rows, { ...plan.limits, analyze, signal: stop.signal })) {
      await report.event(event);
    }
  } catch (error) {
    if (!isCliError(error) || error.code !== 'INPUT_ERROR') throw error;
    inputError = error;
  } finally {
    report.channels.progress.stop();
    io.signal?.removeEventListener('abort', interrupt);
    await release();
  }
  // A closed stdout stops the run too, but as the end its reader chose: no "interrupted", the usual verdict.
  report.summary.interrupted = stop.signal.aborted && !outputClosed(io.signal);
  report.stoppedEarly = stop.signal.aborted;
  return inputError;
}

/** The exit status of a finished run (see the exit statuses in {@link CHECK_EXAMPLES}). */
async function exitStatus(
  plan: CheckPlan,
  summary: CheckSummary,
  inputError: CliError | undefined,
  channels: CheckChannels,
): Promise<number> {
  if (summary.interrupted) return EXIT.INTERRUPTED;
  if (inputError !== undefined || summary.invalid > 0) return EXIT.USAGE;
  if (checkedRows(summary) === 0) {
    // Every rule skipped (all splats, patterns, conditions) is a file read in full: nothing is wrong, so say so.
    if (summary.skipped > 0) {
      const note = `hoplens: ${plan.inputName}: every rule was skipped (${summary.skipped}); no rows to check\n`;
      await channels.errors.write(note);
      return EXIT.OK;
    }
    await channels.errors.write(`hoplens: ${plan.inputName}: no rows to check\n`);
    return EXIT.USAGE;
  }
  if (summary.failed > 0 || summary.errored > 0) return EXIT.FAILED;
  return EXIT.OK;
}
