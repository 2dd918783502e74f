import { type AnalyzerConfig, ConnectionRoutes, isCoreError } from '../core/index.js';
import type { AnalysisFlags } from './analysis-options.js';
import { readCaFiles } from './ca-files.js';
import { invalidFlag } from './errors.js';
import type { CliIo } from './io.js';
import { flagOf } from './option-flags.js';

/**
 * The settings of the analyzer a command makes, from its flags: the `--ca` certificates, read before any request,
 * and with `--render` a Chromium renderer, after checking that a Chromium is there (`RENDER_UNAVAILABLE`, exit 2,
 * with the install hint, before any request otherwise).
 */
export async function analyzerSettings(flags: AnalysisFlags, io: CliIo): Promise<AnalyzerConfig> {
  const ca = await readCaFiles(flags.ca, io.cwd ?? process.cwd());
  const config: AnalyzerConfig = ca === undefined ? {} : { ca };
  const routes = connectionRoutes(flags);
  if (routes.resolve !== undefined) config.resolve = routes.resolve;
  if (routes.connectTo !== undefined) config.connectTo = routes.connectTo;
  if (flags.render === true) {
    // Loaded only with --render: a run without it never reads the renderer's code.
    const { ChromiumRenderer, checkChromium } = await import('../render/index.js');
    // A person at a terminal is told why nothing happens for the seconds Chromium takes to start.
    const onLaunch = io.stderrIsTTY
      ? () => void io.stderr.write('hoplens: starting Chromium for --render...\n')
      : undefined;
    config.renderer = new ChromiumRenderer({
      executablePath: checkChromium(io.env),
      ...(onLaunch === undefined ? {} : { onLaunch }),
    });
  }
  return config;
}

/** `--resolve` and `--connect-to`, checked before any request: a malformed entry is a usage error naming its flag. */
function connectionRoutes(flags: AnalysisFlags): Pick<AnalyzerConfig, 'resolve' | 'connectTo'> {
  try {
    ConnectionRoutes.parse(flags.resolve, flags.connectTo);
  } catch (error) {
    if (!isCoreError(error) || error.code !== 'INVALID_OPTION') throw error;
    const flag = flagOf(error.details.option === 'connectTo' ? 'connectTo' : 'resolve');
    throw invalidFlag(flag, error.details.requirement ?? 'is invalid', error.details.got);
  }
  return { resolve: flags.resolve, connectTo: flags.connectTo };
}
