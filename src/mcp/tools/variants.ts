import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { analyzeVariants } from '../../variants/index.js';
import type { McpDeps } from '../deps.js';
import { optionShape } from '../option-shape.js';
import { answer, guarded } from '../tool-result.js';
import { toolOptions, toolUrl, urlInput } from './analyze.js';

/** The variants report (src/variants): the canonical URL, the grid, the findings; the rows' own fields kept. */
const variantsOutput = {
  url: z.string(),
  canonical: z.string().optional(),
  grid: z.array(z.looseObject({})),
  findings: z.array(z.looseObject({ type: z.string(), severity: z.string() })),
};

/** `variants`: every variant of a URL requested, and whether they end on one canonical URL (`hoplens variants`). */
export function registerVariants(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'variants',
    {
      title: 'Variants of a URL',
      description:
        'Request the variants of a URL (http/https, www or apex, trailing slash, letter case, index file; Googlebot, Bingbot, a browser, HEAD; the http:// form in a returning browser that knows the site’s HSTS) and check that they all end on one canonical URL in one hop.',
      inputSchema: { url: urlInput.describe('The URL as it should be linked'), ...optionShape() },
      outputSchema: variantsOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const url = toolUrl(args.url);
        const options = toolOptions(args, deps, extra.signal);
        const report = await analyzeVariants(url, (each, own) => deps.analyzer.analyze(each, own), options);
        return answer({ ...report });
      }),
  );
}
