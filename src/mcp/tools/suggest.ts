import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { HoplensError } from '../../core/index.js';
import { DEFAULT_THRESHOLD, SUGGEST_FORMATS, suggestionsFile, suggestTargets } from '../../suggest/index.js';
import { MCP_LIMITS } from '../limits.js';
import { answer, guarded } from '../tool-result.js';

/** A page of either site: its URL, and its title when known (a crawl's, a CSV's), which helps the match. */
const page = z.union([
  z.string().max(MCP_LIMITS.urlLength),
  z.object({ url: z.string().max(MCP_LIMITS.urlLength), title: z.string().max(1000).optional() }),
]);
const pages = (what: string) =>
  z.array(page).max(MCP_LIMITS.suggestPages).describe(`${what}: URLs, or { url, title } objects`);

const suggestOutput = {
  suggestions: z.array(
    z.object({ source: z.string(), target: z.string(), confidence: z.number(), reason: z.string() }),
  ),
  /** Old URLs with no proposal above the threshold (those the new site still has are left out: they need none). */
  unmatched: z.array(z.string()),
  rules: z.string().optional(),
};

/** Each page as `{ url, title? }`, its URL checked to be absolute. */
function pagesOf(given: ReadonlyArray<z.infer<typeof page>>): Array<{ url: string; title?: string }> | string {
  const out: Array<{ url: string; title?: string }> = [];
  for (const item of given) {
    const entry = typeof item === 'string' ? { url: item } : item;
    try {
      out.push({ ...entry, url: new URL(entry.url).href });
    } catch {
      return entry.url;
    }
  }
  return out;
}

/** The core's own error for a page that is not a URL: the tool error carries its code. */
const notUrl = (text: string): never => {
  throw new HoplensError('INVALID_URL', `Not an absolute URL: ${text.slice(0, 200)}`, { url: text.slice(0, 200) });
};

/**
 * `suggest`: for each old URL a migration left unmapped, the new URL it most likely moved to (`hoplens suggest`),
 * with a confidence and the reason; optionally laid out as rules. Offline: nothing is requested.
 */
export function registerSuggest(server: McpServer): void {
  server.registerTool(
    'suggest',
    {
      title: 'Suggest redirect targets',
      description: `Propose, for each old URL a migration left without a redirect, the new URL it most likely moved to, from the URLs' folders, slugs and titles, with a confidence (0 to 1) and the reason in words; optionally as rules in a format (csv, netlify, vercel, nginx, apache) to review. At most ${MCP_LIMITS.suggestPages} URLs per list. Requests nothing.`,
      inputSchema: {
        old: pages('The old URLs to find a new home for'),
        new: pages("The new site's URLs (its sitemap's, a crawl's)"),
        threshold: z
          .number()
          .min(0)
          .max(1)
          .optional()
          .describe(`Confidence below which nothing is proposed (default ${DEFAULT_THRESHOLD})`),
        format: z.enum(SUGGEST_FORMATS).optional().describe('Also lay the proposals out as rules in this format'),
      },
      outputSchema: suggestOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const oldPages = pagesOf(args.old);
        if (typeof oldPages === 'string') return notUrl(oldPages);
        const newPages = pagesOf(args.new);
        if (typeof newPages === 'string') return notUrl(newPages);
        const threshold = args.threshold ?? DEFAULT_THRESHOLD;
        const suggestions = suggestTargets(oldPages, newPages, { threshold });
        // Unmatched: no proposal, and not still on the new site at the same URL (which needs no redirect).
        const settled = new Set([...suggestions.map((each) => each.source), ...newPages.map((each) => each.url)]);
        const unmatched = oldPages.map((each) => each.url).filter((url) => !settled.has(url));
        const rules = args.format === undefined ? undefined : await suggestionsFile(args.format, suggestions);
        return answer({ suggestions, unmatched, ...(rules === undefined ? {} : { rules }) });
      }),
  );
}
