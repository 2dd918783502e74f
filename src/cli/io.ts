import type { Readable, Writable } from 'node:stream';
import type { AnalysisResult, AnalyzeOptions } from '../core/index.js';

/** What the CLI needs from an analyzer: the core `Analyzer` fits, and tests may pass one with a resolver. */
export interface AnalyzerLike {
  analyze(url: string, options?: AnalyzeOptions): Promise<AnalysisResult>;
  close(): Promise<void>;
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
   * the command. Default: a new core `Analyzer` with the system resolver.
   */
  analyzer?: AnalyzerLike | (() => AnalyzerLike);
  /** Aborted when the user presses Ctrl-C: commands stop, report what they did and return 130. */
  signal?: AbortSignal;
}
