/**
 * Entry point of the service (`npm start`): starts it from the environment (src/service/start-service.ts, shared
 * with `hoplens serve`) and shuts down gracefully on SIGTERM or SIGINT. The only module of the service allowed to
 * exit the process.
 */
import { ConfigError } from './config.js';
import { tuneHeapForServing } from './heap-tuning.js';
import { ListenError, type RunningService, StartError, startService } from './start-service.js';

async function main(): Promise<void> {
  let service: RunningService | undefined;
  let signalled: NodeJS.Signals | undefined;
  const shutDown = (running: RunningService, signal: NodeJS.Signals) => {
    void running.stop(signal).then((outcome) => process.exit(outcome === 'clean' ? 0 : 1));
  };
  // Installed before starting: Fastify logs "Server listening" before `listen` returns, and a supervisor (or a test)
  // may send SIGTERM as soon as it reads that line; the signal must then stop the service, not kill the process.
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled !== undefined) {
      service?.app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    signalled = signal;
    if (service !== undefined) shutDown(service, signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  tuneHeapForServing();
  try {
    service = await startService(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`hoplens: invalid configuration: ${error.message}\n`);
      process.exit(1);
    }
    // A listen failure is already logged as fatal by startService; anything else is reported by the catch below.
    if (error instanceof StartError) {
      if (!(error instanceof ListenError)) process.stderr.write(`hoplens: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (signalled !== undefined) shutDown(service, signalled);
}

main().catch((error: unknown) => {
  process.stderr.write(`hoplens: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
