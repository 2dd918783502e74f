import { Analyzer, type AnalyzerConfig } from '../core/index.js';
import type { AnalyzerLike, CliIo } from './io.js';

/** An analyzer for one command, and how to let go of it. */
export interface BorrowedAnalyzer {
  analyzer: AnalyzerLike;
  /** Closes the analyzer if the command created it; leaves an injected instance to its owner. */
  release(): Promise<void>;
}

/**
 * The analyzer the command should use: the injected one, the injected factory's, or a new core `Analyzer`. `config`
 * (the `--ca` certificates) goes to the factory or the new `Analyzer`; an injected instance is used as it is.
 */
export function acquireAnalyzer(io: CliIo, config: AnalyzerConfig = {}): BorrowedAnalyzer {
  const injected = io.analyzer;
  if (injected !== undefined && typeof injected !== 'function') return { analyzer: injected, release: async () => {} };
  const analyzer = injected === undefined ? new Analyzer(config) : injected(config);
  return { analyzer, release: () => analyzer.close() };
}
