/**
 * `hoplens mcp` as assistants run it: the built executable spawned over stdio and driven by the MCP SDK's own client,
 * every tool called against real servers on 127.0.0.1. What is asserted is the protocol's (the MCP specification,
 * 2025-06-18): tools listed with JSON Schemas for input and output, results in `structuredContent` matching the
 * output schema, and a call that cannot be done answered as a tool error (`isError: true`, "Tool Execution Errors",
 * https://modelcontextprotocol.io/specification/2025-06-18/server/tools#error-handling), never an ended server.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult, ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowResult } from '../../src/check/index.js';
import { type AnalysisResult, OPTION_TABLE } from '../../src/core/index.js';
import type { VariantsReport } from '../../src/variants/index.js';
import { assertBuilt, BIN, ROOT, spawnCli, waitFor } from '../helpers/cli.js';
import {
  CALL_TIMEOUT_MS,
  callTool,
  closeMcpClients,
  MCP_TOOL_NAMES,
  startMcpClient,
  textOf,
} from '../helpers/mcp-client.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
/** `hoplens mcp` with the CLI's defaults: run for its user, private addresses allowed (issue 47's decision). */
let open: Client;

beforeAll(async () => {
  assertBuilt();
  server = await startRedirectServer({
    '/old': { status: 301, location: '/new' },
    '/new': { status: 200, body: 'new', headers: { 'content-type': 'text/html' } },
    '/temp': { status: 302, location: '/new' },
    '/gone': { status: 410 },
  });
  open = await startMcpClient();
}, 60_000);

afterAll(async () => {
  await closeMcpClients();
  await server?.close();
});

const url = (path: string) => `${server.origin}${path}`;
/** A result's structured content, as the type of what the tool's room returns. */
const structured = <T = Record<string, unknown>>(result: { structuredContent?: Record<string, unknown> }) =>
  result.structuredContent as T;

describe('hoplens mcp (stdio, the SDK client)', () => {
  it('lists its tools with input schemas derived from the option table, and no address policy a call could widen', async () => {
    const { tools } = await open.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_NAMES);
    const analyze = tools.find((tool) => tool.name === 'analyze')!;
    expect(analyze.inputSchema.required).toEqual(['url']);
    const properties = analyze.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.maxHops).toMatchObject({
      type: 'integer',
      minimum: OPTION_TABLE.maxHops.min,
      maximum: OPTION_TABLE.maxHops.max,
    });
    expect(properties.method).toMatchObject({ enum: [...OPTION_TABLE.method.values] });
    expect(properties.blockPrivate).toBeUndefined();
    for (const tool of tools) expect(tool.outputSchema, tool.name).toMatchObject({ type: 'object' });
  });

  it('analyze: the chain hop by hop, as structured content', async () => {
    const result = await callTool(open, 'analyze', { url: url('/old'), robots: false });
    expect(result.isError).toBeFalsy();
    const analysis = structured<AnalysisResult>(result);
    expect(analysis.chain.map((hop) => hop.status)).toEqual([301, 200]);
    expect(analysis.summary.finalUrl).toBe(url('/new'));
    // The same document as text, for clients that read no structured content (the specification's advice).
    expect(JSON.parse(textOf(result))).toEqual(analysis);
  });

  it('analyze: the options reach the analysis (HEAD, a hop limit)', async () => {
    const before = server.received.length;
    const result = await callTool(open, 'analyze', { url: url('/old'), method: 'HEAD', maxHops: 1, robots: false });
    expect(server.received.slice(before).map((request) => request.method)).toEqual(['HEAD']);
    expect(structured<AnalysisResult>(result).summary.issues.map((issue) => issue.type)).toContain('max_hops_reached');
  });

  it('variants: the grid of the URL and its canonical URL', async () => {
    const result = await callTool(open, 'variants', { url: url('/new'), robots: false });
    expect(result.isError).toBeFalsy();
    const report = structured<VariantsReport>(result);
    expect(report.canonical).toBe(url('/new'));
    expect(report.grid.length).toBeGreaterThan(1);
  });

  it('check: rows judged as `hoplens check` judges them, with a progress notification per row', async () => {
    // A client asks for progress with a token; the server sends notifications/progress with it, `progress` growing
    // (https://modelcontextprotocol.io/specification/2025-06-18/basic/utilities/progress).
    // Read off the wire, not through `onprogress`: the SDK's client runs a notification's handler a microtask later
    // but settles a response at once, dropping the request's progress handler, so a notification that arrives in the
    // same read as the response never reaches `onprogress` (shared/protocol.js, _onnotification and _onresponse).
    const seen: Array<{ progress: number; total?: number }> = [];
    open.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      seen.push(notification.params);
    });
    const csv = `source,target\n${url('/old')},${url('/new')}\n${url('/temp')},${url('/new')}\n${url('/gone')},${url('/new')}\n`;
    const result = (await open.callTool(
      { name: 'check', arguments: { text: csv, format: 'csv', robots: false } },
      undefined,
      // `onprogress` makes the client send a progress token; the events are read above.
      { timeout: CALL_TIMEOUT_MS, onprogress: () => undefined },
    )) as CallToolResult;
    const { rows, summary } = structured<{ rows: RowResult[]; summary: Record<string, unknown> }>(result);
    expect(rows.map((row) => [row.source, row.outcome])).toEqual([
      [url('/old'), 'passed'],
      [url('/temp'), 'passed'],
      [url('/gone'), 'failed'],
    ]);
    expect(summary).toMatchObject({ rows: 3, passed: 2, failed: 1, errored: 0 });
    // Handlers of notifications read with the response run a microtask later.
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.map((event) => [event.progress, event.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const strict = await callTool(open, 'check', { text: csv, format: 'csv', robots: false, strict: true });
    expect(structured<{ rows: RowResult[] }>(strict).rows.map((row) => row.outcome)).toEqual([
      'passed',
      'failed',
      'failed',
    ]);
  });

  it('check: rules as paths on the base URL given; more rows than a call may check refused before any request', async () => {
    const rules = await callTool(open, 'check', { text: '/old /new 301\n', format: 'netlify', baseUrl: server.origin });
    expect(structured<{ rows: RowResult[] }>(rules).rows).toMatchObject([{ source: url('/old'), outcome: 'passed' }]);
    const before = server.received.length;
    const list = Array.from({ length: 1001 }, (_, i) => url(`/old?${i}`)).join('\n');
    const tooMany = await callTool(open, 'check', { text: list, format: 'list' });
    expect(textOf(tooMany)).toMatch(/^TOO_MANY_ROWS: 1001 rows/);
    expect(server.received.length).toBe(before);
  });

  it('lint: rule text linted offline, a loop found', async () => {
    const result = await callTool(open, 'lint', { text: '/a /b 301\n/b /c 301\n/c /a 301\n', format: 'netlify' });
    expect(structured(result)).toMatchObject({ rules: 3, errors: 1, findings: [{ kind: 'cycle', line: 1 }] });
  });

  it('fix: the flattened text and its diff, in the format given', async () => {
    const result = await callTool(open, 'fix', { text: '/a /b 301\n/b /c 301\n', format: 'netlify' });
    expect(structured(result)).toMatchObject({ text: '/a /c 301\n/b /c 301\n', changed: 1 });
    expect(structured<{ diff: string }>(result).diff).toContain('-/a /b 301\n+/a /c 301\n');
  });

  it("coverage: a map against the old site's log, offline, the most requested URL it leaves out first", async () => {
    // Two URLs in nginx's and Apache's combined format (nginx.org/en/docs/http/ngx_http_log_module.html#log_format).
    const line = (path: string) =>
      `203.0.113.9 - - [07/Dec/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" 200 512 "-" "Mozilla/5.0 (X11; Linux x86_64)"`;
    const log = [...Array(3).fill(line('/gone')), line('/old'), line('/old?utm=x')].join('\n');
    const result = await callTool(open, 'coverage', { text: '/old /new 301\n', format: 'netlify', traffic: log });
    const answered = structured<{
      summary: { shares: { covered: number }; topUncovered: Array<{ url: string; hits: number }> };
      rows: Array<{ url: string; hits: number; covered: boolean }>;
      more: number;
    }>(result);
    expect(answered.summary.topUncovered).toEqual([{ url: '/gone', hits: 3, botHits: 0 }]);
    expect(answered.rows.map((row) => [row.url, row.hits, row.covered])).toEqual([
      ['/gone', 3, false],
      ['/old', 2, true],
    ]);
    expect(answered.summary.shares.covered).toBe(0.4);
    expect(answered.more).toBe(0);
  });

  it('suggest: where unmapped old URLs moved, with a confidence and the reason, and as rules', async () => {
    const result = await callTool(open, 'suggest', {
      old: ['https://old.example/blog/2019/bread-recipe', 'https://old.example/contact', 'https://old.example/zzz'],
      new: ['https://new.example/recipes/bread-recipe', 'https://new.example/contact', 'https://new.example/about'],
      format: 'netlify',
    });
    const answered = structured<{
      suggestions: Array<{ source: string; target: string; confidence: number; reason: string }>;
      unmatched: string[];
      rules: string;
    }>(result);
    expect(answered.suggestions.map((each) => [each.source, each.target])).toEqual([
      ['https://old.example/blog/2019/bread-recipe', 'https://new.example/recipes/bread-recipe'],
      ['https://old.example/contact', 'https://new.example/contact'],
    ]);
    expect(answered.suggestions[0]!.confidence).toBeGreaterThan(0.6);
    expect(answered.unmatched).toEqual(['https://old.example/zzz']);
    expect(answered.rules).toContain('/blog/2019/bread-recipe https://new.example/recipes/bread-recipe 301');
    const wrong = await callTool(open, 'suggest', { old: ['not a url'], new: [] });
    expect(textOf(wrong)).toMatch(/^INVALID_URL: /);
  });

  it("explain: a finding type's section of docs/issues.md", async () => {
    const result = await callTool(open, 'explain', { type: 'redirect_loop' });
    expect(structured<{ markdown: string }>(result).markdown).toMatch(/^## redirect_loop\n/);
  });

  it('serves the docs pages as resources, read from the package', async () => {
    const { resources } = await open.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('hoplens://docs/issues.md');
    const read = await open.readResource({ uri: 'hoplens://docs/cli.md' });
    expect(read.contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8'),
    });
  });

  it('answers bad input as tool errors with their codes, and keeps serving', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['analyze', { url: 'http://' }, /^INVALID_URL: /],
      ['analyze', { url: url('/old'), maxHops: 99 }, /maxHops/],
      ['analyze', { url: 'x'.repeat(3000) }, /url/],
      ['analyze', { url: url('/old'), userAgent: 'bad\u0001agent' }, /^INVALID_OPTION: /],
      ['lint', { text: '{', format: 'vercel' }, /^INPUT_/],
      ['fix', { text: 'https://a.example/\n', format: 'sitemap' }, /^FIX_UNSUPPORTED: /],
      ['fix', { text: '/a\n', format: 'netlify' }, /^RULES_MALFORMED: /],
      ['explain', { type: 'no_such_finding' }, /^UNKNOWN_TYPE: /],
      // A heading of docs/issues.md that names no finding (it was answered with that section).
      ['explain', { type: 'Thresholds' }, /^UNKNOWN_TYPE: no finding type "Thresholds": one of redirect_loop, /],
      ['check', { text: '/old /new 301\n', format: 'netlify' }, /^INPUT_OPTION_INVALID: .*--base-url/],
      ['lint', { text: '/a /b', format: 'no-such-format' }, /format/],
    ];
    for (const [tool, args, message] of cases) {
      const result = await callTool(open, tool, args);
      expect(result.isError, `${tool} ${JSON.stringify(args).slice(0, 80)}`).toBe(true);
      expect(textOf(result)).toMatch(message);
    }
    expect((await open.listTools()).tools).toHaveLength(MCP_TOOL_NAMES.length);
  });
});

describe('hoplens mcp: the address policy, fixed when the server starts', () => {
  it('--block-private refuses loopback without a request; --allow-network lets a network through', async () => {
    const blocked = await startMcpClient(['--block-private']);
    const before = server.received.length;
    const refused = await callTool(blocked, 'analyze', { url: url('/old') });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^BLOCKED_DESTINATION: /);
    const variants = await callTool(blocked, 'variants', { url: url('/old') });
    // Each variant is refused on its own row, as `hoplens variants --block-private` reports it.
    const codes = structured<VariantsReport>(variants).grid.map((row) => row.error?.code);
    expect(new Set(codes)).toEqual(new Set(['BLOCKED_DESTINATION']));
    const check = await callTool(blocked, 'check', { text: `${url('/old')}\n`, format: 'list' });
    expect(structured<{ rows: RowResult[] }>(check).rows.map((row) => row.error?.code)).toEqual([
      'BLOCKED_DESTINATION',
    ]);
    expect(server.received.length).toBe(before);

    const allowed = await startMcpClient(['--block-private', '--allow-network', '127.0.0.0/8']);
    const result = await callTool(allowed, 'analyze', { url: url('/old'), robots: false });
    expect(structured<AnalysisResult>(result).summary.finalUrl).toBe(url('/new'));
  });

  it('refuses --allow-network without --block-private, as every analysing command does (exit 2)', async () => {
    const outcome = await spawnCli(['mcp', '--allow-network', '127.0.0.0/8']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/--allow-network only has an effect with --block-private/);
  });
});

describe('hoplens mcp: what is not the protocol', () => {
  it('says a line that is not JSON-RPC on stderr and goes on answering; ends when stdin ends', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      };
      child.stdin.write(`not json\n${JSON.stringify(initialize)}\n`);
      await waitFor(() => stdout.includes('\n'), 30_000, 'the answer to initialize');
      expect(JSON.parse(stdout.split('\n')[0]!)).toMatchObject({ id: 1, result: { serverInfo: { name: 'hoplens' } } });
      expect(stderr).toMatch(/^hoplens: mcp: .*JSON/);
      child.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      child.kill();
    }
  }, 60_000);
});
