import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpDeps } from './deps.js';
import { registerDocResources } from './doc-resources.js';
import { registerAnalyze } from './tools/analyze.js';
import { registerCheck } from './tools/check.js';
import { registerCoverage } from './tools/coverage.js';
import { registerExplain } from './tools/explain.js';
import { registerFix } from './tools/fix.js';
import { registerLint } from './tools/lint.js';
import { registerSuggest } from './tools/suggest.js';
import { registerVariants } from './tools/variants.js';

export type { McpDeps } from './deps.js';

/**
 * The MCP server with hoplens's tools and the docs as resources. It never listens: the caller connects it to a
 * transport (stdio for `hoplens mcp`), so that one server definition serves every transport.
 */
export function buildMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: 'hoplens', version: deps.version },
    {
      instructions:
        'hoplens traces redirect chains and checks redirect rules. Use analyze for one URL, check for many (a list, a CSV or rules against a base URL), variants for the variants of a URL, lint and fix for rule text, coverage for a redirect map against the old site traffic, suggest for where unmapped old URLs moved, explain for what a finding type means; the docs pages are resources.',
    },
  );
  registerAnalyze(server, deps);
  registerVariants(server, deps);
  registerCheck(server, deps);
  registerLint(server);
  registerFix(server);
  registerCoverage(server);
  registerSuggest(server);
  registerExplain(server);
  registerDocResources(server);
  return server;
}
