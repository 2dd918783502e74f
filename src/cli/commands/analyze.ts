import {
  type AnalysisResult,
  type AnalyzeOptions,
  inOrder,
  normalizeUrlInput,
  parseUrlInput,
} from '../../core/index.js';
import { type AnalysisFlags, toAnalyzeOptions } from '../analysis-options.js';
import { acquireAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { colorsFor } from '../colors.js';
import { type CliError, cliError, isCliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { renderAnalysis, renderFailure } from '../formats/chain-table.js';
import { type CliIo, outputClosed } from '../io.js';
import { Sink } from '../output.js';
import { readPolicyFile } from '../policy-file.js';

/** Flags of `hoplens <url...>`. */
export interface AnalyzeFlags extends AnalysisFlags {
  json?: boolean;
  /** False with `--no-color`. */
  color?: boolean;
}

/** How many of the given URLs are analysed at once; results are still printed in the order given. */
const PARALLEL_URLS = 4;

/** The outcome of one URL: its result, or the error its analysis failed with. */
type UrlOutcome = { url: string; result: AnalysisResult } | { url: string; error: CliError };

/** The JSON printed for a failed analysis: the success shape's `success`, `url` and `chain`, plus `error`. */
function failureJson(url: string, error: CliError) {
  return {
    success: false,
    url,
    error: { code: error.code, message: error.message, ...error.details },
    chain: error.chain,
  };
}

/** Whether a chain passes: it ended without an error-severity finding. */
function passes(outcome: UrlOutcome): boolean {
  return 'result' in outcome && outcome.result.summary.issues.every((issue) => issue.severity !== 'error');
}

/** `--json`: one document for one URL, an array for several; nothing when interrupted before the only URL. */
async function printJson(outcomes: readonly UrlOutcome[], urlCount: number, out: Sink): Promise<void> {
  const documents = outcomes.map((outcome) =>
    'result' in outcome ? outcome.result : failureJson(outcome.url, outcome.error),
  );
  const document = urlCount === 1 ? documents[0] : documents;
  if (document !== undefined) await out.write(`${JSON.stringify(document, null, 2)}\n`);
}

/**
 * `hoplens <url...>`: analyses each URL and prints its chain. Every URL and option is validated before the first
 * request, so a typo exits 2 without half a report.
 */
export async function analyzeCommand(typed: string[], flags: AnalyzeFlags, io: CliIo): Promise<number> {
  const options: AnalyzeOptions = toAnalyzeOptions(flags);
  // A bare host gets `https://` as on the web page; the report shows the URL actually analysed.
  for (const url of typed) parseUrlInput(url);
  const urls = typed.map(normalizeUrlInput);
  const settings = await analyzerSettings(flags, io);
  const loaded = await readPolicyFile(flags.config, io.cwd ?? process.cwd());
  if (loaded !== undefined) options.policy = loaded.policy;
  if (io.signal !== undefined) options.signal = io.signal;

  const { analyzer, release } = acquireAnalyzer(io, settings);
  const out = new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY });
  const colors = colorsFor(io.stdoutIsTTY, io.env, flags.color);
  const tableOptions = { headers: flags.headers === 'all', verbose: flags.verbose === true };
  const analyzeOne = async (url: string): Promise<UrlOutcome> => {
    try {
      return { url, result: await analyzer.analyze(url, options) };
    } catch (error) {
      if (isCliError(error)) return { url, error };
      const message = error instanceof Error ? error.message : String(error);
      return { url, error: cliError('INTERNAL_ERROR', message, {}, { cause: error }) };
    }
  };

  let outcomes: UrlOutcome[] = [];
  const print = async (outcome: UrlOutcome, index: number) => {
    if (flags.json) return;
    const text =
      'result' in outcome
        ? renderAnalysis(outcome.result, colors, tableOptions)
        : renderFailure(outcome.url, outcome.error, colors, tableOptions);
    await out.write(`${index > 0 ? '\n' : ''}${text}`);
  };
  try {
    outcomes = await inOrder(urls, PARALLEL_URLS, analyzeOne, { deliver: print, signal: io.signal });
  } finally {
    await release();
  }
  if (flags.json) await printJson(outcomes, urls.length, out);
  // A closed stdout is the end its reader chose (`hoplens URL1 URL2 | head -1`): the verdict on what was done.
  if (io.signal?.aborted && !outputClosed(io.signal)) {
    await new Sink(io.stderr, { owned: false, isTTY: io.stderrIsTTY }).write(
      `hoplens: interrupted after ${outcomes.length} of ${urls.length} URLs\n`,
    );
    return EXIT.INTERRUPTED;
  }
  return outcomes.every(passes) ? EXIT.OK : EXIT.FAILED;
}
