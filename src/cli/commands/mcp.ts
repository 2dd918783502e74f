import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { PACKAGE_VERSION, terminalText } from '../../core/index.js';
import { buildMcpServer } from '../../mcp/index.js';
import { type AnalysisFlags, toAnalyzeOptions } from '../analysis-options.js';
import { acquireAnalyzer } from '../analyzer.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';

/** Flags of `hoplens mcp`: the CLI's address policy, as `hoplens <url>` takes it. */
export type McpFlags = Pick<AnalysisFlags, 'blockPrivate' | 'allowNetwork'>;

/** Resolves when standard input ends (the client went away) or the command is interrupted. */
function ended(io: CliIo): Promise<void> {
  return new Promise((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
    if (io.signal?.aborted) resolve();
    io.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * `hoplens mcp`: the MCP server (src/mcp) on standard input and output, for an assistant that starts it. It runs for
 * its user as the CLI does, so private addresses are allowed unless `--block-private` is given (issue 47's decision).
 * Standard output carries the protocol only; it ends when its client closes standard input.
 */
export async function mcpCommand(flags: McpFlags, io: CliIo): Promise<number> {
  const { blockPrivate, allowNetworks } = toAnalyzeOptions(flags);
  const { analyzer, release } = acquireAnalyzer(io);
  const addressPolicy = allowNetworks === undefined ? { blockPrivate } : { blockPrivate, allowNetworks };
  const server = buildMcpServer({ analyzer, addressPolicy, version: PACKAGE_VERSION });
  // The transport closes itself on input it cannot read (a message past its buffer): then the server is done too.
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  // Protocol errors (a line that is not JSON-RPC) are the client's: said on stderr, which MCP clients log.
  server.server.onerror = (error) => io.stderr.write(`hoplens: mcp: ${terminalText(error.message)}\n`);
  try {
    await server.connect(new StdioServerTransport(io.stdin, io.stdout));
    await Promise.race([ended(io), closed]);
  } finally {
    await server.close();
    await release();
  }
  return EXIT.OK;
}
