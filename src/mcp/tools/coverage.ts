import { Readable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { coverageDocument, measureCoverage, readMap } from '../../coverage/index.js';
import { OFFLINE_SITE } from '../../inputs/index.js';
import { BOT_POLICIES, countTraffic, LOG_FORMATS } from '../../inputs/logs/index.js';
import { MCP_LIMITS } from '../limits.js';
import { planRuleText, ruleTextInput } from '../rule-text.js';
import { answer, guarded } from '../tool-result.js';

const coverageOutput = {
  map: z.looseObject({ format: z.string(), matching: z.string(), rules: z.number().int() }),
  traffic: z.looseObject({ lines: z.number().int(), counted: z.number().int() }),
  bots: z.string(),
  live: z.boolean(),
  summary: z.looseObject({ topUncovered: z.array(z.looseObject({ url: z.string(), hits: z.number() })) }),
  rows: z.array(z.looseObject({ url: z.string(), hits: z.number() })),
  /** URLs with traffic beyond the rows listed. */
  more: z.number().int(),
};

const trafficInput = {
  traffic: z
    .string()
    .max(MCP_LIMITS.trafficTextLength)
    .describe(
      "The old site's traffic as text: an access log (combined, common, W3C/IIS, CloudFront, Cloudflare Logpush; detected) or, with trafficKind traffic, a CSV export of pages or backlinks (Search Console...)",
    ),
  trafficKind: z.enum(['log', 'traffic']).optional().describe('`log` (default) or `traffic` for a CSV export'),
  logFormat: z.enum(LOG_FORMATS).optional().describe("The log's format, when detection should not decide"),
  keepQuery: z.boolean().optional().describe('Count URLs with their query string (default: dropped)'),
  includeAssets: z.boolean().optional().describe('Count requests for images, scripts and styles too'),
  bots: z
    .enum(BOT_POLICIES)
    .optional()
    .describe("Known bots' hits: counted apart (separate, default), with people, or not"),
  top: z.number().int().min(1).max(MCP_LIMITS.coverageRows).optional().describe('How many URLs to list (default 50)'),
};

/** The map read from text as `hoplens coverage` reads its file; a map cut short by an input error is refused. */
async function mapOf(args: { text: string; format: Parameters<typeof planRuleText>[0]; baseUrl?: string | undefined }) {
  const plan = await planRuleText(args.format, args.baseUrl);
  const map = await readMap(plan, Readable.from([args.text]));
  if (map.inputError !== undefined) throw map.inputError;
  return { plan, map };
}

/**
 * `coverage`: a redirect map against the old site's traffic (`hoplens coverage`, offline): how much of what people
 * and search engines still request the map answers, and the most requested URLs it leaves out.
 */
export function registerCoverage(server: McpServer): void {
  server.registerTool(
    'coverage',
    {
      title: 'Measure a redirect map against traffic',
      description:
        "Measure a migration's redirect map against the old site's traffic: which requested URLs the map answers (by the format's own matcher), which it sends through a chain, and the most requested URLs it leaves out, weighted by hits, bots counted apart. baseUrl is the old site (for rules and log lines written as paths). Requests nothing.",
      inputSchema: { ...ruleTextInput, ...trafficInput },
      outputSchema: coverageOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const { plan, map } = await mapOf(args);
        const bots = args.bots ?? 'separate';
        const source = { kind: args.trafficKind ?? 'log', path: '-', name: 'traffic' } as const;
        const traffic = await countTraffic(
          [args.logFormat === undefined ? source : { ...source, format: args.logFormat }],
          {
            stdin: Readable.from([args.traffic]),
            bots,
            // As `hoplens coverage`: without baseUrl, the log's paths and the map's are compared on the offline site.
            baseUrl: plan.baseUrl ?? `${OFFLINE_SITE}/`,
            ...(args.keepQuery === undefined ? {} : { keepQuery: args.keepQuery }),
            ...(args.includeAssets === undefined ? {} : { includeAssets: args.includeAssets }),
          },
        );
        const top = args.top ?? 50;
        const report = await measureCoverage(map, traffic, { mapName: 'map', mapFormat: args.format, bots, top });
        return answer({ ...coverageDocument(report, top), more: Math.max(0, report.rows.length - top) });
      }),
  );
}
