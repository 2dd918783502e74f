import { Analyzer } from '../core/index.js';
import type { AnalyzerLike, CliIo } from './io.js';

/** An analyzer for one command, and how to let go of it. */
export interface BorrowedAnalyzer {
  analyzer: AnalyzerLike;
  /** Closes the analyzer if the command created it; leaves an injected instance to its owner. */
  release(): Promise<void>;
}

/** The analyzer the command should use: the injected one, the injected factory's, or a new core `Analyzer`. */
export function acquireAnalyzer(io: CliIo): BorrowedAnalyzer {
  const injected = io.analyzer;
  if (injected !== undefined && typeof injected !== 'function') return { analyzer: injected, release: async () => {} };
  const analyzer = injected === undefined ? new Analyzer() : injected();
  return { analyzer, release: () => analyzer.close() };
}
