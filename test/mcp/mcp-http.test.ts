/**
 * The MCP tools mounted by `hoplens serve` at `/mcp` (`HOPLENS_MCP=on`), driven by the MCP SDK's own client over its
 * streamable HTTP transport (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http),
 * stateless: under the service's address policy (private addresses refused unless HOPLENS_ALLOW_NETWORKS exempts
 * them) and rate limits, each tool call counted as a request up front and each further analysis it makes as one more
 * (issue 47's decision), a refused call answered 429 before any work. Off unless configured, like `/metrics`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../src/core/index.js';
import { cleanupAfterAll } from '../helpers/cleanups.js';
import { assertBuilt, BIN, ROOT } from '../helpers/cli.js';
import { CALL_TIMEOUT_MS, callTool, MCP_TOOL_NAMES, textOf } from '../helpers/mcp-client.js';
import { type ServeProcess, startServe } from '../helpers/serve-process.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';
import { appWith, listen } from '../helpers/service.js';

const cleanups = cleanupAfterAll();
let target: TestServer;
let service: ServeProcess;
/** The analyses a client may make a minute on the spawned service. */
const PER_MINUTE = 3;

beforeAll(async () => {
  assertBuilt();
  target = await startRedirectServer({
    '/old': { status: 301, location: '/new' },
    '/new': { status: 200, body: 'new', headers: { 'content-type': 'text/html' } },
  });
  cleanups.push(() => target.close());
  service = await startServe({
    command: process.execPath,
    args: [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'],
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOPLENS_MCP: 'on',
      HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8',
      HOPLENS_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      LOG_LEVEL: 'warn',
    },
  });
  cleanups.push(() => service.kill());
}, 90_000);

afterAll(async () => {});

/** A client of the SDK connected to `/mcp` on `origin`, closed after the file. */
async function connect(origin: string): Promise<Client> {
  const client = new Client({ name: 'hoplens-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', origin)), { timeout: CALL_TIMEOUT_MS });
  cleanups.push(() => client.close());
  return client;
}

/** A raw JSON-RPC `tools/call` of `explain`, which analyses nothing. */
function rawCall(origin: string) {
  return request(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'explain', arguments: { type: 'redirect_chain' } },
    }),
  });
}

describe('POST /mcp on hoplens serve (HOPLENS_MCP=on, the SDK client over streamable HTTP)', {
  timeout: 90_000,
}, () => {
  it('lists the tools and analyses a URL, each call counted against the rate limits, then refuses with 429', async () => {
    const client = await connect(service.origin);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_NAMES);
    const result = await callTool(client, 'analyze', { url: `${target.origin}/old`, robots: false });
    expect(result.isError, textOf(result)).toBeFalsy();
    const analysis = result.structuredContent as unknown as AnalysisResult;
    expect(analysis.chain.map((hop) => hop.status)).toEqual([301, 200]);
    // A check of three rows costs three analyses: one paid by the call, two counted as they start. 3 a minute in
    // all: the analyze call took one, so the third row is refused and says why.
    const check = await callTool(client, 'check', {
      text: `${target.origin}/old\n${target.origin}/new\n${target.origin}/old\n`,
      format: 'list',
      robots: false,
    });
    const rows = (check.structuredContent as { rows: Array<{ outcome: string; error?: { code?: string } }> }).rows;
    expect(
      rows.map((row) => row.outcome),
      JSON.stringify(rows[2]),
    ).toEqual(['passed', 'passed', 'errored']);
    expect(JSON.stringify(rows[2])).toContain('RATE_LIMITED');
    const refused = await rawCall(service.origin);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.stringify(await refused.body.json())).toContain('RATE_LIMITED');
  });

  it('answers GET and DELETE 405: the endpoint is stateless, every message a POST', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await request(`${service.origin}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(answer.statusCode, method).toBe(405);
      expect(answer.headers.allow).toBe('POST');
      await answer.body.dump();
    }
  });
});

describe('POST /mcp under the public address policy, and off by default', () => {
  let blocking: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    blocking = await appWith({ HOPLENS_MCP: 'on', HOPLENS_ALLOW_NETWORKS: '' });
    origin = await listen(blocking);
    cleanups.push(() => blocking.close());
  }, 60_000);

  it('refuses a private destination as a tool error, with no request reaching it', async () => {
    const client = await connect(origin);
    const before = target.received.length;
    const result = await callTool(client, 'analyze', { url: `${target.origin}/old`, robots: false });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/BLOCKED_DESTINATION/);
    // A call cannot widen the service's policy: the option is not even in the tool's schema.
    const widened = await callTool(client, 'analyze', { url: `${target.origin}/old`, blockPrivate: false });
    expect(JSON.stringify(widened)).not.toContain('"status":301');
    expect(target.received.length).toBe(before);
  });

  it('refuses render, whose gate and bounds a tool call does not wait in', async () => {
    const client = await connect(origin);
    const result = await callTool(client, 'analyze', { url: 'https://example.com/', render: true });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^RENDER_DISABLED: /);
  });

  it('is not served unless HOPLENS_MCP=on', async () => {
    const off = await appWith();
    cleanups.push(() => off.close());
    const answer = await off.inject({ method: 'POST', url: '/mcp', payload: {} });
    expect(answer.statusCode).toBe(404);
  });
});
