import { type CheckVariantsSummary, runVariantsRows, sitemapOptions } from '../../check/index.js';
import type { AnalyzeOptions } from '../../core/index.js';
import { openInput, readInput } from '../../inputs/index.js';
import { acquireAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import type { CheckFlags } from '../check/plan.js';
import { planCheck } from '../check/plan.js';
import { CHECK_VARIANTS_FORMATS, type CheckVariantsFormat, checkVariantsWriter } from '../check-variants-output.js';
import { colorsFor } from '../colors.js';
import { invalidFlag } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { fileLine } from '../file-line.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { readPolicyFile } from '../policy-file.js';

/**
 * Flags of `hoplens check` that judge rows against expectations or earlier runs: `--variants` judges each row's
 * variants against its own final URL instead, so these have nothing to act on and are refused rather than ignored.
 */
const NOT_WITH_VARIANTS: ReadonlyArray<readonly [keyof CheckFlags, string]> = [
  ['baseline', '--baseline'],
  ['failOnChange', '--fail-on-change'],
  ['resume', '--resume'],
  ['cache', '--cache'],
  ['samples', '--samples'],
  ['report', '--report'],
  ['shard', '--shard'],
];

function refuseOtherModes(flags: CheckFlags): CheckVariantsFormat {
  for (const [key, flag] of NOT_WITH_VARIANTS) {
    const value = flags[key];
    // Commander gives a repeatable flag an empty list when it is absent.
    const given = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false;
    if (given) {
      throw invalidFlag('--variants', `cannot be combined with ${flag}`);
    }
  }
  const format = flags.format as string;
  if (!(CHECK_VARIANTS_FORMATS as readonly string[]).includes(format)) {
    throw invalidFlag('--variants', `writes ${CHECK_VARIANTS_FORMATS.join(', ')}`, `--format ${format}`);
  }
  return format as CheckVariantsFormat;
}

/**
 * `hoplens check FILE --variants`: every row's source URL gets the analysis of `hoplens variants` (its scheme, host,
 * slash, case and index-file variants, the crawlers, a browser, HEAD), and the row's findings are those of its grid.
 * Rows run one after the other (each runs its variants a few at a time), written as they finish. Exit 1 when a row
 * has an error finding, 2 when the input had lines that are not rows.
 */
export async function checkVariantsCommand(file: string, flags: CheckFlags, io: CliIo): Promise<number> {
  const format = refuseOtherModes(flags);
  const cwd = io.cwd ?? process.cwd();
  const plan = await planCheck(file, flags, cwd);
  const loaded = await readPolicyFile(flags.config, cwd);
  if (loaded !== undefined) plan.analyzeOptions.policy = loaded.policy;
  const options: AnalyzeOptions = { ...plan.analyzeOptions };
  if (io.signal !== undefined) options.signal = io.signal;
  const settings = await analyzerSettings(flags, io);
  const sitemap = sitemapOptions(plan, settings);
  const stream = await openInput(plan.inputPath, io.stdin, plan.inputFormat, sitemap);
  const out =
    plan.outputPath === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(plan.outputPath, '--output');
  const colors = colorsFor(plan.outputPath === undefined && io.stdoutIsTTY, io.env, flags.color);
  const writer = checkVariantsWriter(format, colors);
  const { analyzer, release } = acquireAnalyzer(io, settings);
  let summary: CheckVariantsSummary;
  try {
    const items = readInput(plan.inputFormat, stream, { ...plan.readOptions, ...sitemap });
    await out.write(writer.begin());
    summary = await runVariantsRows(items, (url, own) => analyzer.analyze(url, own), options, {
      invalid: (line, message) => void io.stderr.write(`hoplens: ${fileLine(plan.inputName, line, message)}\n`),
      row: (entry, index) => out.write(writer.row(entry, index)),
    });
    await out.write(writer.end(summary));
  } finally {
    if (stream !== io.stdin) stream.destroy();
    await release();
    if (plan.outputPath !== undefined) await out.close();
  }
  if (summary.invalid > 0) return EXIT.USAGE;
  return summary.rowsFailed > 0 ? EXIT.FAILED : EXIT.OK;
}
