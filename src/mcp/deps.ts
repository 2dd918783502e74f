import type { AnalysisResult, AnalyzeOptions } from '../core/index.js';

/** What analyses a URL for the tools: the core's `Analyzer`, or what a test or a face gives instead. */
export interface McpAnalyzer {
  analyze(url: string, options?: AnalyzeOptions): Promise<AnalysisResult>;
}

/**
 * What the MCP server is built with. `addressPolicy` is the face's, decided when the server was started (the CLI's
 * `--block-private` and `--allow-network`): it is laid over every call's options, so that no tool call can widen it.
 */
export interface McpDeps {
  analyzer: McpAnalyzer;
  addressPolicy: Pick<AnalyzeOptions, 'blockPrivate' | 'allowNetworks'>;
  /** The package's version, as the server names itself to clients. */
  version: string;
}
