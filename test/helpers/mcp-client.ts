/**
 * The MCP SDK's own client, connected over stdio to the built `hoplens mcp` (dist/cli/main.js, as users run it), for
 * the MCP face's tests. Every client started is closed by {@link closeMcpClients}, which ends the child's stdin and
 * lets the SDK end the process (it kills it if it does not exit).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN, ROOT } from './cli.js';

const started: Client[] = [];

/** A tool call's wait, bounded with room for a loaded machine (an analysis's own timeout is 10 s). */
export const CALL_TIMEOUT_MS = 30_000;

/** The tools hoplens's MCP server lists, by name (docs/mcp.md's table), over either transport. */
export const MCP_TOOL_NAMES = ['analyze', 'check', 'coverage', 'explain', 'fix', 'lint', 'suggest', 'variants'];

/** Starts `hoplens mcp ...args` (the clone's build, or the executable `bin` names) and connects a client to it. */
export async function startMcpClient(args: readonly string[] = [], bin = BIN): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', ...args],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'hoplens-test', version: '1.0.0' });
  started.push(client);
  await client.connect(transport, { timeout: CALL_TIMEOUT_MS });
  return client;
}

/** Calls a tool and returns its result as the SDK types it (content, structuredContent, isError). */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS })) as CallToolResult;
}

/** The text of a result's first content item (a tool error's message). */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** Closes every client started, and with it its server process. */
export async function closeMcpClients(): Promise<void> {
  await Promise.all(started.splice(0).map((client) => client.close()));
}
