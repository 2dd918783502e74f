import type { Readable, Writable } from 'node:stream';
import type { AnalysisResult, AnalyzeOptions, AnalyzerConfig } from '../core/index.js';

/** What the CLI needs from an analyzer: the core `Analyzer` fits, and tests may pass one with a resolver. */
export interface AnalyzerLike {
  analyze(url: string, options?: AnalyzeOptions): Promise<AnalysisResult>;
  /** Many URLs under one set of options, validated once (`hoplens check`). */
  withOptions(options?: AnalyzeOptions): Promise<(url: string) => Promise<AnalysisResult>>;
  close(): Promise<void>;
}

/**
 * The reason {@link CliIo.signal} is aborted with when the reader of stdout went away (`hoplens check urls.txt |
 * head -1`). It is not an interruption but the end the reader chose: commands stop starting work and end quietly,
 * with the usual verdict on what they did, as Ctrl-C's 130 and "interrupted" note would be wrong.
 */
export const OUTPUT_CLOSED: unique symbol = Symbol('hoplens: output closed');

/** Whether `signal` was aborted because stdout's reader went away, rather than by Ctrl-C. */
export function outputClosed(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && signal.reason === OUTPUT_CLOSED;
}

/**
 * Everything the CLI touches outside itself, injected so that commands run in tests without a process: streams,
 * terminal facts, environment, the analyzer, and the Ctrl-C signal.
 */
export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** Whether stdout is a terminal (colours, layout). */
  stdoutIsTTY: boolean;
  /** Whether stderr is a terminal (colours, the progress bar). */
  stderrIsTTY: boolean;
  /** Environment variables (`NO_COLOR`, `FORCE_COLOR`). */
  env: Readonly<Record<string, string | undefined>>;
  /** Directory relative paths are resolved against (default: the process's). */
  cwd?: string;
  /**
   * The analyzer to use. An instance is borrowed (the caller closes it); a factory's product is owned and closed by
   * the command, and is handed the settings the command line asks for (`--ca`). Default: a new core `Analyzer` with
   * the system resolver.
   */
  analyzer?: AnalyzerLike | ((config: AnalyzerConfig) => AnalyzerLike);
  /**
   * Aborted when the user presses Ctrl-C: commands stop, report what they did and return 130; or, with the reason
   * {@link OUTPUT_CLOSED}, when stdout's reader went away: commands stop and end quietly.
   */
  signal?: AbortSignal;
  /**
   * Aborted by Ctrl-C or SIGTERM only, never by a closed stdout: what `hoplens serve` stops on, since a service keeps
   * serving when its log reader goes away, as `npm start` does (default: {@link CliIo.signal}).
   */
  interrupt?: AbortSignal;
}
