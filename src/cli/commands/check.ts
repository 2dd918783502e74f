import { setMaxListeners } from 'node:events';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HoplensError, isHoplensError } from '../../core/errors.js';
import { parseTargetUrl } from '../../core/parse-url.js';
import type { AnalyzeOptions } from '../../core/types.js';
import { type AnalysisFlags, integerFlag, invalidFlag, toAnalyzeOptions } from '../analysis-options.js';
import { acquireAnalyzer } from '../analyzer.js';
import { compareWithBaseline, describeChange, loadBaseline, missingFromRun } from '../baseline.js';
import { type ExpectationSettings, evaluate } from '../check/expectation.js';
import type { RowResult } from '../check/result.js';
import { type RunnerConfig, runChecks } from '../check/runner.js';
import { checkedRows, emptySummary, renderSummary } from '../check/summary.js';
import { colorsFor } from '../colors.js';
import { EXIT } from '../exit-codes.js';
import { createFormatter } from '../formats/create.js';
import type { CheckFormat } from '../formats/formatter.js';
import { countCandidateRows, detectInputFormat, type InputFormat, openInput, readInput } from '../inputs/source.js';
import { type CliIo, outputClosed } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { createProgress } from '../progress.js';

/** Flags of `hoplens check`, as commander hands them over. */
export interface CheckFlags extends AnalysisFlags {
  /** False with `--no-color`. */
  color?: boolean;
  input?: InputFormat;
  baseUrl?: string;
  format: CheckFormat;
  output?: string;
  concurrency?: string;
  perHost?: string;
  retries?: string;
  retryDelay?: string;
  maxRetryAfter?: string;
  maxRedirects?: string;
  ignoreTrailingSlash?: boolean;
  ignoreQuery?: boolean;
  strict?: boolean;
  baseline?: string;
  failOnChange?: boolean;
  quiet?: boolean;
  /** False with `--no-progress`. */
  progress?: boolean;
}

/** Defaults and allowed ranges of the `hoplens check` numbers, for parsing and for the help text. */
export const CHECK_LIMITS = Object.freeze({
  concurrency: { default: 10, min: 1, max: 256 },
  perHost: { default: 2, min: 1, max: 64 },
  // One retry: enough for a hiccup, and a site that is down does not cost every row several backoffs.
  retries: { default: 1, min: 0, max: 10 },
  retryDelay: { default: 500, min: 0, max: 60_000 },
  maxRetryAfter: { default: 30, min: 0, max: 3600 },
  maxRedirects: { min: 0, max: 100 },
  /** How many times one row waits out a 429 before its 429 is the result. */
  rateLimitRetries: 3,
  /** Invalid lines reported one by one; beyond, only counted. */
  invalidReported: 50,
  /** Baseline rows not checked, listed one by one; beyond, only counted. */
  missingReported: 20,
});

/** Help text after the options of `hoplens check`. */
export const CHECK_EXAMPLES = `
Input formats (by extension, or --input):
  csv      header source,target[,status]; target is the expected final URL (absolute, or a path on the source's
           site), status the expected status of the first hop; quoted fields allowed
  list     one URL a line; a row passes when its chain ends in 2xx with no error-severity issue
  netlify  a Netlify _redirects file, made absolute with --base-url; rules with splats, placeholders or conditions
           are skipped and counted; 200/404/410... rules expect that status at the source URL
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
  0    every row passed
  1    some row failed or errored (or changed, with --fail-on-change)
  2    usage or input error: unknown flag, missing file, bad CSV, malformed row (reported with its line), no rows
  130  interrupted (Ctrl-C): the partial summary is printed
`;

function number(flag: string, value: string | undefined, limit: { min: number; max: number }): number | undefined {
  return integerFlag(flag, value, limit.min, limit.max);
}

/**
 * `hoplens check <file>`: checks every row of a list, CSV or `_redirects` file, streaming rows in and results out.
 * Everything that can be wrong with the command line or the files is found before the first request.
 */
export async function checkCommand(file: string, flags: CheckFlags, io: CliIo): Promise<number> {
  const started = performance.now();
  const L = CHECK_LIMITS;
  const analyzeOptions: AnalyzeOptions = toAnalyzeOptions(flags);
  const settings: ExpectationSettings = {
    ignoreTrailingSlash: flags.ignoreTrailingSlash === true,
    ignoreQuery: flags.ignoreQuery === true,
    strict: flags.strict === true,
  };
  const maxRedirects = number('--max-redirects', flags.maxRedirects, L.maxRedirects);
  if (maxRedirects !== undefined) settings.maxRedirects = maxRedirects;
  const concurrency = number('--concurrency', flags.concurrency, L.concurrency) ?? L.concurrency.default;
  const perHost = number('--per-host', flags.perHost, L.perHost) ?? L.perHost.default;
  const retries = number('--retries', flags.retries, L.retries) ?? L.retries.default;
  const retryDelay = number('--retry-delay', flags.retryDelay, L.retryDelay) ?? L.retryDelay.default;
  const maxRetryAfter = number('--max-retry-after', flags.maxRetryAfter, L.maxRetryAfter) ?? L.maxRetryAfter.default;

  const inputFormat = detectInputFormat(file, flags.input);
  let baseUrl: string | undefined;
  if (flags.baseUrl !== undefined) {
    try {
      baseUrl = parseTargetUrl(flags.baseUrl).href;
    } catch (error) {
      throw invalidFlag('--base-url', `must be an absolute http(s) URL: ${(error as Error).message}`);
    }
  }
  if (inputFormat === 'netlify' && baseUrl === undefined) {
    throw new HoplensError('USAGE_ERROR', '--base-url is required to check a _redirects file (its rules are paths)', {
      option: '--base-url',
    });
  }

  // Inputs first, output last: a bad input must not leave an empty report file behind.
  const cwd = io.cwd ?? process.cwd();
  const inputPath = file === '-' ? '-' : resolve(cwd, file);
  const inputName = file === '-' ? 'stdin' : file;
  const baseline = flags.baseline === undefined ? undefined : await loadBaseline(resolve(cwd, flags.baseline));
  const stream = await openInput(inputPath, io.stdin);
  const sink =
    flags.output === undefined
      ? new Sink(io.stdout, false, io.stdoutIsTTY)
      : await openFileSink(resolve(cwd, flags.output), '--output');

  // People read the summary and notes on stdout, unless stdout carries a machine-readable report.
  const humanOnStderr = flags.output === undefined && flags.format !== 'table';
  const human = humanOnStderr ? new Sink(io.stderr, false, io.stderrIsTTY) : new Sink(io.stdout, false, io.stdoutIsTTY);
  const humanColors = colorsFor(human.isTTY, io.env, flags.color);
  const errors = new Sink(io.stderr, false, io.stderrIsTTY);

  const progress = await createProgress(io.stderr, io.stderrIsTTY && flags.progress !== false);
  if (inputPath !== '-' && io.stderrIsTTY && flags.progress !== false) {
    countCandidateRows(inputPath, inputFormat).then(
      (total) => progress.setTotal(total),
      () => {},
    );
  }
  // The bar and the table share the terminal when both streams are one; the bar steps aside for each line.
  const clearBar = () => progress.clear();
  const formatter = createFormatter(flags.format, sink, {
    colors: colorsFor(sink.isTTY, io.env, flags.color),
    quiet: flags.quiet === true,
    headers: flags.headers === 'all',
    inputName,
    ...(sink.isTTY ? { beforeWrite: clearBar } : {}),
  });
  const tell = async (target: Sink, text: string) => {
    if (target.isTTY) clearBar();
    await target.write(text);
  };

  // The run's own signal, following Ctrl-C: every row in flight (and every retry wait) listens to it, so it may
  // have as many listeners as rows at once, which Node would otherwise warn about past ten.
  const stop = new AbortController();
  setMaxListeners(concurrency * 2 + 10, stop.signal);
  const interrupt = () => stop.abort();
  if (io.signal?.aborted) stop.abort();
  io.signal?.addEventListener('abort', interrupt, { once: true });

  const { analyzer, release } = acquireAnalyzer(io);
  const requestOptions: AnalyzeOptions = { ...analyzeOptions, signal: stop.signal };
  const config: RunnerConfig = {
    concurrency,
    perHost,
    retries,
    retryDelayMs: retryDelay,
    maxRetryAfterMs: maxRetryAfter * 1000,
    rateLimitRetries: L.rateLimitRetries,
    analyze: (url) => analyzer.analyze(url, requestOptions),
    signal: stop.signal,
  };

  const summary = emptySummary();
  summary.baseline = baseline !== undefined;
  let inputError: HoplensError | undefined;
  try {
    await formatter.begin();
    try {
      for await (const event of runChecks(readInput(inputFormat, stream, baseUrl), config)) {
        progress.tick();
        if (event.kind === 'invalid') {
          summary.invalid++;
          if (summary.invalid <= L.invalidReported) {
            await tell(errors, `hoplens: ${inputName}:${event.line}: ${event.message}\n`);
          }
          continue;
        }
        if (event.kind === 'skipped') {
          summary.skipped++;
          await formatter.skipped(event);
          continue;
        }
        const result: RowResult = evaluate(event.attempt, settings);
        if (baseline !== undefined) {
          const changes = compareWithBaseline(baseline, result);
          if (changes === undefined) summary.added++;
          else {
            result.changes = changes;
            if (changes.length > 0) {
              summary.changed++;
              // The table shows changes under each row; other formats get a line on the human side too.
              if (flags.format !== 'table') {
                const list = changes.map(describeChange).join(', ');
                await tell(human, `${humanColors.cyan('changed')}: ${result.source}: ${list}\n`);
              }
              if (flags.failOnChange) {
                result.reasons.push(`changed since baseline: ${changes.map(describeChange).join(', ')}`);
                if (result.outcome === 'passed') result.outcome = 'failed';
              }
            }
          }
        }
        summary[result.outcome]++;
        await formatter.row(result);
      }
    } catch (error) {
      if (!isHoplensError(error) || error.code !== 'INPUT_ERROR') throw error;
      inputError = error;
    } finally {
      progress.stop();
      io.signal?.removeEventListener('abort', interrupt);
      await release();
    }

    // A closed stdout stops the run too, but as the end its reader chose: no "interrupted", the usual verdict.
    summary.interrupted = stop.signal.aborted && !outputClosed(io.signal);
    if (baseline !== undefined && !stop.signal.aborted && inputError === undefined) {
      const missing = missingFromRun(baseline);
      summary.missing = missing.length;
      for (const key of missing.slice(0, L.missingReported)) await tell(human, `not checked (in baseline): ${key}\n`);
      if (missing.length > L.missingReported) {
        await tell(human, `... and ${missing.length - L.missingReported} more baseline rows not checked\n`);
      }
    }
    if (summary.invalid > L.invalidReported) {
      await tell(errors, `hoplens: ${inputName}: ${summary.invalid - L.invalidReported} more invalid lines\n`);
    }
    if (inputError !== undefined) await tell(errors, `hoplens: ${inputName}: ${inputError.message}\n`);
    summary.elapsedMs = performance.now() - started;
    await formatter.end(summary);
  } finally {
    await sink.close();
  }
  // The table carries its own summary; a report in a file or on stdout gets it on the human side as well.
  if (flags.format !== 'table' || flags.output !== undefined) await tell(human, renderSummary(summary, humanColors));

  if (summary.interrupted) return EXIT.INTERRUPTED;
  if (inputError !== undefined || summary.invalid > 0) return EXIT.USAGE;
  if (checkedRows(summary) === 0) {
    const skipped = summary.skipped > 0 ? ` (${summary.skipped} skipped)` : '';
    await errors.write(`hoplens: ${inputName}: no rows to check${skipped}\n`);
    return EXIT.USAGE;
  }
  if (summary.failed > 0 || summary.errored > 0) return EXIT.FAILED;
  return EXIT.OK;
}
