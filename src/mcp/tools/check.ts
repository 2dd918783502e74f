import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { checkOne, type ExpectationSettings } from '../../check/index.js';
import { inOrder } from '../../core/index.js';
import { type CheckRow, type InputFormat, parseRulesText, planInput } from '../../inputs/index.js';
import type { McpDeps } from '../deps.js';
import { MCP_LIMITS } from '../limits.js';
import { optionShape } from '../option-shape.js';
import { ruleTextInput } from '../rule-text.js';
import { answer, errorResult, guarded, toolError } from '../tool-result.js';
import { toolOptions } from './analyze.js';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** How rows are judged: `hoplens check`'s flags of the same names. */
const judgingInput = {
  strict: z.boolean().optional().describe('Fail rows on warnings too (temporary redirects, chains...)'),
  ignoreTrailingSlash: z.boolean().optional().describe('Compare final URLs without a trailing slash'),
  ignoreQuery: z.boolean().optional().describe('Compare final URLs without their query string'),
  maxRedirects: z.number().int().min(0).max(20).optional().describe('Fail rows with more redirects than this'),
};

const checkOutput = {
  rows: z.array(z.looseObject({ line: z.number(), source: z.string(), outcome: z.string() })),
  summary: z.object({
    rows: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    errored: z.number().int(),
    inconclusive: z.number().int(),
    skipped: z.number().int(),
    invalid: z.array(z.object({ line: z.number(), message: z.string() })),
  }),
};

type CheckArgs = { text: string; format: InputFormat; baseUrl?: string | undefined } & Record<string, unknown>;

/** The rows of the text, read as `hoplens check` reads a file: path rules need `baseUrl`. */
async function rowsOf(args: CheckArgs) {
  const flags = args.baseUrl === undefined ? { input: args.format } : { input: args.format, baseUrl: args.baseUrl };
  const plan = await planInput('-', flags, { cwd: process.cwd() });
  return parseRulesText(plan, args.text, { compile: false });
}

/** The progress notification a client asked for with a progress token, after each row. */
function progress(extra: Extra, total: number) {
  const token = extra._meta?.progressToken;
  return async (count: number) => {
    if (token === undefined) return;
    const params = { progressToken: token, progress: count, total, message: `${count} of ${total} rows checked` };
    await extra.sendNotification({ method: 'notifications/progress', params });
  };
}

/** One row analysed and judged as `hoplens check` judges it, without retries (the caller can call again). */
function checkRow(args: CheckArgs, deps: McpDeps, extra: Extra) {
  const options = toolOptions(args, deps, extra.signal);
  const expectations: ExpectationSettings = {
    ignoreTrailingSlash: args.ignoreTrailingSlash === true,
    ignoreQuery: args.ignoreQuery === true,
    strict: args.strict === true,
    ...(typeof args.maxRedirects === 'number' && { maxRedirects: args.maxRedirects }),
  };
  const context = {
    analyze: (url: string) => deps.analyzer.analyze(url, options),
    signal: extra.signal,
    ...{ retries: 0, retryDelayMs: 0, maxRetryAfterMs: 0, rateLimitRetries: 0 },
  };
  return async (row: CheckRow) => (await checkOne(row, context, { expectations })).result;
}

/** The whole call: read, bounded, checked in order with progress, counted. */
async function runCheckTool(args: CheckArgs, deps: McpDeps, extra: Extra): Promise<CallToolResult> {
  const loaded = await rowsOf(args);
  if (loaded.inputError !== undefined) return errorResult(loaded.inputError);
  const total = loaded.rows.length;
  if (total > MCP_LIMITS.checkRows) {
    return toolError(
      'TOO_MANY_ROWS',
      `${total} rows: one call checks at most ${MCP_LIMITS.checkRows}; split the input`,
    );
  }
  const rows = await inOrder(loaded.rows, MCP_LIMITS.checkConcurrency, checkRow(args, deps, extra), {
    finished: progress(extra, total),
  });
  const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
  const summary = {
    rows: total,
    passed: count('passed'),
    failed: count('failed'),
    errored: count('errored'),
    inconclusive: count('inconclusive'),
    skipped: loaded.skipped.length,
    invalid: loaded.invalid,
  };
  return answer({ rows, summary });
}

/** `check`: a list, a CSV or rule text checked live against a base URL (`hoplens check`), a row per source. */
export function registerCheck(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'check',
    {
      title: 'Check many redirects',
      description: `Check many redirects at once, as a site migration's: a list of URLs, a CSV (source,target[,status]) or redirect rules (given baseUrl, the site they are on) are each requested and judged: the final URL and status expected, no loops, no broken destinations. At most ${MCP_LIMITS.checkRows} rows a call; progress is notified per row when asked for.`,
      inputSchema: { ...ruleTextInput, ...judgingInput, ...optionShape() },
      outputSchema: checkOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, extra) => guarded(() => runCheckTool(args as CheckArgs, deps, extra)),
  );
}
