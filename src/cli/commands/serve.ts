/**
 * `hoplens serve`: the HTTP service and its web page, started as `npm start` starts them (src/service/start-service.ts),
 * from the same environment variables, with `--port` and `--host` in place of `PORT` and `HOST`. The service is
 * imported only here and only when this command runs, so `hoplens URL` never loads Fastify.
 */
import { parseDecimalInteger } from '../../core/index.js';
import type { ServiceOverrides } from '../../service/index.js';
import { cliError, invalidFlag } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';

/** The flags of `hoplens serve`, as commander parses them. */
export interface ServeFlags {
  port?: string;
  host?: string;
}

const PORT_MAX = 65_535;

/** The flags as overrides of the environment, or a usage error naming the bad flag. */
export function serveOverrides(flags: ServeFlags): ServiceOverrides {
  const overrides: ServiceOverrides = {};
  if (flags.port !== undefined) {
    const port = parseDecimalInteger(flags.port.trim());
    if (port === undefined || port > PORT_MAX) {
      throw invalidFlag('--port', `must be an integer from 0 to ${PORT_MAX}`, JSON.stringify(flags.port));
    }
    overrides.port = port;
  }
  if (flags.host !== undefined) {
    if (flags.host.trim() === '') throw invalidFlag('--host', 'must be an address or a host name', '""');
    overrides.host = flags.host.trim();
  }
  return overrides;
}

/** Resolves when `signal` aborts (at once when it already has). */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/**
 * Runs the service until Ctrl-C or SIGTERM ({@link CliIo.interrupt}), then drains and closes it, and resolves with
 * the exit status: 0 after a clean stop, 1 when it could not start (a port or the data directory in use) or stopping
 * failed or outlasted the grace period.
 * A bad variable or flag is a usage error (exit 2), thrown before anything starts.
 */
export async function serveCommand(flags: ServeFlags, io: CliIo): Promise<number> {
  const overrides = serveOverrides(flags);
  const { ConfigError, StartError, startService, stdoutLogStream, tuneHeapForServing } = await import(
    '../../service/index.js'
  );
  tuneHeapForServing();
  let service: Awaited<ReturnType<typeof startService>>;
  try {
    // The failure to listen is said once, below, in plain words.
    const logStream = stdoutLogStream(io.stdout);
    service = await startService(io.env, { overrides, logStream, logListenFailure: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      throw cliError('USAGE_ERROR', `invalid configuration: ${error.message}`, {}, { cause: error });
    }
    if (!(error instanceof StartError)) throw error;
    io.stderr.write(`hoplens: ${error.message}\n`);
    return EXIT.FAILED;
  }
  // Humans read this line; the JSON log on stdout has it too, for machines.
  io.stderr.write(`hoplens: serving on ${service.address} (Ctrl-C stops)\n`);
  const interrupt = io.interrupt ?? io.signal;
  if (interrupt === undefined) throw cliError('INTERNAL_ERROR', 'hoplens serve needs a signal to stop on');
  await aborted(interrupt);
  const reason = typeof interrupt.reason === 'string' ? interrupt.reason : 'interrupt';
  return (await service.stop(reason)) === 'clean' ? EXIT.OK : EXIT.FAILED;
}
