/**
 * The service's entry, for the faces that put it together with another (`hoplens serve`): building the app, starting
 * it from the environment, and what a start can fail with. Its routes, limits and errors stay inside.
 */
export { type AppDeps, buildApp } from './app.js';
export { ConfigError, type Environment, loadConfig, type ServiceConfig } from './config.js';
export { tuneHeapForServing } from './heap-tuning.js';
export { type LogStream, stdoutLogStream } from './log-stream.js';
export {
  ListenError,
  type RunningService,
  type ServiceOverrides,
  StartError,
  type StartServiceOptions,
  type StopOutcome,
  startService,
} from './start-service.js';
