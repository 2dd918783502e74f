/**
 * Entry point of the service (`npm start`): reads the environment, builds the app, listens, and shuts down
 * gracefully on SIGTERM or SIGINT. The only module allowed to exit the process.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type ServiceConfig } from './config.js';
import { stdoutLogStream } from './log-stream.js';

/** Extra time past the grace period for responses to flush and Redis to close, before giving up. */
const CLOSE_MARGIN_MS = 5000;

async function main(): Promise<void> {
  let config: ServiceConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`hoplens: invalid configuration: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { logStream: stdoutLogStream() });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining in-flight analyses');
    const giveUp = setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, config.shutdownGraceMs + CLOSE_MARGIN_MS);
    giveUp.unref();
    app.close().then(
      () => {
        app.log.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen');
    await app.close().catch(() => {});
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`hoplens: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
