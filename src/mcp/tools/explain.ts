import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { issueSection, readIssueDocs } from '../../core/index.js';
import { FINDING_TYPES, isFindingType } from '../../formats/finding-help.js';
import { answer, guarded, toolError } from '../tool-result.js';

/** `explain`: what a finding type means and what to do about it, its section of docs/issues.md (`hoplens explain`). */
export function registerExplain(server: McpServer): void {
  server.registerTool(
    'explain',
    {
      title: 'Explain a finding',
      description:
        "What a finding type means and what to do about it: its section of hoplens's docs/issues.md, as Markdown. Takes the type a finding names (redirect_chain, http_downgrade...).",
      inputSchema: {
        type: z.string().min(1).max(100).describe('The finding type, as a finding names it: redirect_loop'),
      },
      outputSchema: { type: z.string(), markdown: z.string() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        let docs: string;
        try {
          docs = readIssueDocs();
        } catch (error) {
          return toolError('DOCS_UNAVAILABLE', `cannot read hoplens's docs/issues.md: ${(error as Error).message}`);
        }
        const type = args.type.trim();
        // The kinds `hoplens explain` knows (a chain's, a variants grid's, a crawl's), not any heading of the page.
        if (!isFindingType(type))
          return toolError('UNKNOWN_TYPE', `no finding type "${type}": one of ${FINDING_TYPES.join(', ')}`);
        const markdown = issueSection(docs, type);
        if (markdown === undefined) return toolError('UNKNOWN_TYPE', `docs/issues.md has no section for "${type}"`);
        return answer({ type, markdown });
      }),
  );
}
