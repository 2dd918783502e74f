import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { type AnalyzeOptions, normalizeUrlInput, parseUrlInput } from '../../core/index.js';
import type { McpDeps } from '../deps.js';
import { MCP_LIMITS } from '../limits.js';
import { callOptions, optionShape } from '../option-shape.js';
import { answer, guarded } from '../tool-result.js';

/** The URL a tool is given: as the API bounds it; a bare host gets `https://`, as on the web page and the CLI. */
export const urlInput = z.string().min(1).max(MCP_LIMITS.urlLength);

/** A tool's URL checked and completed as the CLI does it (`INVALID_URL` otherwise). */
export function toolUrl(typed: string): string {
  parseUrlInput(typed);
  return normalizeUrlInput(typed);
}

/** A call's options with the server's address policy laid over them, and the call's cancellation. */
export function toolOptions(args: Record<string, unknown>, deps: McpDeps, signal: AbortSignal): AnalyzeOptions {
  return { ...callOptions(args), ...deps.addressPolicy, signal } as AnalyzeOptions;
}

/** The analysis result, as the library returns it (docs/library.md): the key fields declared, the rest kept. */
const analysisOutput = {
  success: z.boolean(),
  url: z.string(),
  chain: z.array(z.looseObject({ url: z.string() })),
  summary: z.looseObject({
    finalUrl: z.string().optional(),
    finalStatus: z.number().optional(),
    issues: z.array(z.looseObject({ type: z.string(), severity: z.string(), message: z.string().optional() })),
  }),
};

/** `analyze`: one URL's redirect chain, hop by hop, with its findings (`hoplens <url> --json`, `GET /api/analyze`). */
export function registerAnalyze(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'analyze',
    {
      title: 'Analyse a URL',
      description:
        "Trace a URL's redirect chain hop by hop (status, Location, headers, timing) and report what is wrong with it: loops, long chains, temporary redirects, HTTPS downgrades, broken destinations. Findings name a type that `explain` describes.",
      inputSchema: {
        url: urlInput.describe('The http or https URL to analyse (a bare host gets https://)'),
        ...optionShape(),
      },
      outputSchema: analysisOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const url = toolUrl(args.url);
        const result = await deps.analyzer.analyze(url, toolOptions(args, deps, extra.signal));
        return answer(result as unknown as Record<string, unknown>);
      }),
  );
}
