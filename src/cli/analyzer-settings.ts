import type { AnalyzerConfig } from '../core/index.js';
import { ChromiumRenderer, checkChromium } from '../render/index.js';
import type { AnalysisFlags } from './analysis-options.js';
import { readCaFiles } from './ca-files.js';
import type { CliIo } from './io.js';

/**
 * The settings of the analyzer a command makes, from its flags: the `--ca` certificates, read before any request,
 * and with `--render` a Chromium renderer, after checking that a Chromium is there (`RENDER_UNAVAILABLE`, exit 2,
 * with the install hint, before any request otherwise).
 */
export async function analyzerSettings(flags: AnalysisFlags, io: CliIo): Promise<AnalyzerConfig> {
  const ca = await readCaFiles(flags.ca, io.cwd ?? process.cwd());
  const config: AnalyzerConfig = ca === undefined ? {} : { ca };
  if (flags.render === true) config.renderer = new ChromiumRenderer({ executablePath: checkChromium(io.env) });
  return config;
}
