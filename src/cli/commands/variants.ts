import { type AnalyzeOptions, normalizeUrlInput, parseUrlInput } from '../../core/index.js';
import { analyzeVariants } from '../../variants/index.js';
import { type AnalysisFlags, toAnalyzeOptions } from '../analysis-options.js';
import { acquireAnalyzer } from '../analyzer.js';
import { analyzerSettings } from '../analyzer-settings.js';
import { colorsFor } from '../colors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { Sink } from '../output.js';
import { readPolicyFile } from '../policy-file.js';
import { type VariantsFormat, variantsCsv, variantsNdjson, variantsTable } from '../variants-output.js';

/** Flags of `hoplens variants <url>`. */
export interface VariantsFlags extends AnalysisFlags {
  format?: VariantsFormat;
  /** False with `--no-color`. */
  color?: boolean;
}

/**
 * `hoplens variants <url>`: every variant of the URL (scheme, host, slash, case, index file; crawlers, a browser,
 * HEAD) analysed, printed as a grid with its findings. Exit 1 when a finding is an error.
 */
export async function variantsCommand(typed: string, flags: VariantsFlags, io: CliIo): Promise<number> {
  const options: AnalyzeOptions = toAnalyzeOptions(flags);
  parseUrlInput(typed);
  const url = normalizeUrlInput(typed);
  const settings = await analyzerSettings(flags, io);
  const loaded = await readPolicyFile(flags.config, io.cwd ?? process.cwd());
  if (loaded !== undefined) options.policy = loaded.policy;
  if (io.signal !== undefined) options.signal = io.signal;
  const { analyzer, release } = acquireAnalyzer(io, settings);
  let report: Awaited<ReturnType<typeof analyzeVariants>>;
  try {
    report = await analyzeVariants(url, (each, own) => analyzer.analyze(each, own), options);
  } finally {
    await release();
  }
  const out = new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY });
  const format = flags.format ?? 'table';
  if (format === 'json') await out.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (format === 'ndjson') await out.write(variantsNdjson(report));
  else if (format === 'csv') await out.write(variantsCsv(report));
  else await out.write(variantsTable(report, colorsFor(io.stdoutIsTTY, io.env, flags.color)));
  return report.findings.some((entry) => entry.severity === 'error') ? EXIT.FAILED : EXIT.OK;
}
