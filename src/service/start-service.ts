/**
 * Starting and stopping the service as a running server: what `npm start` (src/service/main.ts) and `hoplens serve`
 * (src/cli/commands/serve.ts) share. Neither exits the process here: each caller decides how it ends.
 */
import type { FastifyInstance } from 'fastify';
import { isMonitorError } from '../monitor/index.js';
import { buildApp } from './app.js';
import { type Environment, loadConfig, type ServiceConfig } from './config.js';
import { type LogStream, stdoutLogStream } from './log-stream.js';

/** Extra time past the grace period for responses to flush and Redis to close, before giving up. */
const CLOSE_MARGIN_MS = 5000;

/** Values that replace the environment's `PORT` and `HOST` (the `--port` and `--host` flags of `hoplens serve`). */
export interface ServiceOverrides {
  /** Replaces `PORT`. */
  port?: number;
  /** Replaces `HOST`. */
  host?: string;
}

/** How a stop ended: everything closed, closing failed, or it outlasted the grace period and its margin. */
export type StopOutcome = 'clean' | 'failed' | 'timed out';

/** A service that listens. */
export interface RunningService {
  readonly app: FastifyInstance;
  readonly config: ServiceConfig;
  /** The address it listens on (`http://127.0.0.1:41234`), with the port actually bound when `PORT` was 0. */
  readonly address: string;
  /** Stops accepting, drains in-flight analyses for the grace period, closes; `reason` is logged (a signal name). */
  stop(reason: string): Promise<StopOutcome>;
}

/**
 * The service could not start for a reason its operator must fix (a port in use, the data directory held by another
 * process): the caller says `message` in one line and exits, with no stack.
 */
export class StartError extends Error {
  override readonly name: string = 'StartError';
}

/** The service could not listen (a port in use, an address not on this machine); logged unless asked not to. */
export class ListenError extends StartError {
  override readonly name = 'ListenError';

  constructor(host: string, port: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`could not listen on ${host} port ${port}: ${reason}`, { cause });
  }
}

/** Options of {@link startService}. */
export interface StartServiceOptions {
  overrides?: ServiceOverrides;
  /** Where the JSON log lines go (default: stdout, quiet once stdout breaks). */
  logStream?: LogStream;
  /**
   * Whether a listen failure is logged (default true, for `npm start`, whose log is its only output). `hoplens
   * serve` says it in one plain line of its own: a JSON line with a stack on stdout would say it twice.
   */
  logListenFailure?: boolean;
}

/**
 * Reads the environment once (the overrides replace its `PORT` and `HOST`), builds the app and listens. Throws a
 * `ConfigError` for a bad variable, before anything starts; a listen failure (a port in use) is logged, the app
 * closed, and a {@link ListenError} thrown.
 */
export async function startService(env: Environment, options: StartServiceOptions = {}): Promise<RunningService> {
  const { port, host } = options.overrides ?? {};
  const config = loadConfig({
    ...env,
    ...(port !== undefined && { PORT: String(port) }),
    ...(host !== undefined && { HOST: host }),
  });
  const app = await buildApp(config, { logStream: options.logStream ?? stdoutLogStream(), startMonitors: true }).catch(
    (error: unknown) => {
      if (isMonitorError(error) && error.code === 'DATA_DIR_LOCKED')
        throw new StartError(error.message, { cause: error });
      throw error;
    },
  );
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (options.logListenFailure !== false) app.log.fatal({ err: error }, 'could not listen');
    await app.close().catch(() => {});
    throw new ListenError(config.host, config.port, error);
  }
  return { app, config, address, stop: (reason) => stopApp(app, config, reason) };
}

function stopApp(app: FastifyInstance, config: ServiceConfig, reason: string): Promise<StopOutcome> {
  app.log.info({ signal: reason, graceMs: config.shutdownGraceMs }, 'shutting down: draining in-flight analyses');
  return new Promise<StopOutcome>((resolve) => {
    const giveUp = setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting anyway');
      resolve('timed out');
    }, config.shutdownGraceMs + CLOSE_MARGIN_MS);
    giveUp.unref();
    app.close().then(
      () => {
        clearTimeout(giveUp);
        app.log.info('shut down cleanly');
        resolve('clean');
      },
      (error: unknown) => {
        clearTimeout(giveUp);
        app.log.error({ err: error }, 'error while shutting down');
        resolve('failed');
      },
    );
  });
}
