import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AnalyzeOptions, PACKAGE_VERSION, publicPosture } from '../../core/index.js';
import { buildMcpServer, type McpDeps } from '../../mcp/index.js';
import type { AnalysisScope } from '../analysis-scope.js';
import { serviceError } from '../errors.js';
import type { AnalysingRouteOptions } from './analyze.js';

/**
 * How long one MCP call may take in all, as a multiple of the analysis deadline: a `check` of many rows runs several
 * analyses, each bounded on its own, and the call as a whole must end too.
 */
const CALL_DEADLINE_ANALYSES = 5;

/**
 * The largest body a call may send: rule text of MCP_LIMITS.ruleTextLength characters, which JSON may escape to
 * several bytes each.
 */
const MCP_BODY_LIMIT = 8 * 1024 * 1024;

/** A JSON-RPC error answered over plain HTTP, for what the stateless endpoint does not serve. */
function rpcError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/**
 * How many tool calls a message holds (a JSON-RPC batch, or one message): each is counted as one request up front,
 * so that a flood of calls that analyse nothing (`lint` and `fix` of a megabyte of rules) is refused as the API's
 * requests are. The handshake and listings cost nothing.
 */
function toolCalls(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((message) => (message as { method?: unknown } | null)?.method === 'tools/call').length;
}

/**
 * The service's analyzer as the tools of one call use it: each analysis counted as one against the client's rate
 * limits (as `/api/variants` counts each variant), the first ones already paid by the calls counted up front; run in
 * one of the service's analysis slots, under the analysis deadline, the service's findings policy, and the call's
 * scope (the client leaving, shutdown).
 */
function meteredAnalyzer(
  route: AnalysingRouteOptions,
  request: FastifyRequest,
  scope: AnalysisScope,
): McpDeps['analyzer'] {
  let prepaid = toolCalls(request.body);
  return {
    async analyze(url, options: AnalyzeOptions = {}) {
      // A render needs the render gate's few slots and bounds, which a tool call does not wait in: refused, as
      // `/api/variants` refuses it.
      if (options.render === true)
        throw serviceError('RENDER_DISABLED', 'The MCP tools do not render pages; use GET /api/analyze?render=true');
      if (prepaid > 0) prepaid -= 1;
      else await route.limiter.charge(request);
      const release = await route.gate.acquire(scope.signal);
      try {
        const signals = [scope.signal, AbortSignal.timeout(route.analysisTimeoutMs)];
        if (options.signal !== undefined) signals.push(options.signal);
        const policy = route.policy === undefined ? {} : { policy: route.policy };
        return await route.analyzer.analyze(url, { ...options, ...policy, signal: AbortSignal.any(signals) });
      } finally {
        release();
      }
    },
  };
}

/**
 * Answers one MCP message with a server and transport of its own (stateless: no session to route to an instance),
 * both closed when the answer ends; the tools run under the service's address policy, which no call can widen.
 */
async function answerCall(route: AnalysingRouteOptions, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const scope = route.scopes.open(reply, { sharesSignal: true });
  scope.startDeadline(route.analysisTimeoutMs * CALL_DEADLINE_ANALYSES);
  const server = buildMcpServer({
    analyzer: meteredAnalyzer(route, request, scope),
    addressPolicy: publicPosture(route.allowNetworks),
    version: PACKAGE_VERSION,
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  reply.raw.once('close', () => {
    scope.dispose();
    void transport.close();
    void server.close();
  });
  // The rate-limit and cache headers set before the transport takes the raw answer over.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  reply.hijack();
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (error) {
    request.log.error({ err: error, event: 'mcp_error' }, 'an MCP call failed');
    if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
    reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
  }
}

/**
 * `POST /mcp` (with `HOPLENS_MCP=on`): the MCP tools over the SDK's streamable HTTP transport, stateless, behind the
 * service's rate limits (each analysis a call makes counts as one), analysis slots, deadlines and address policy.
 * GET (a server-sent event stream) and DELETE (ending a session) have no meaning without sessions: 405.
 */
export async function mcpRoute(app: FastifyInstance, route: AnalysingRouteOptions): Promise<void> {
  app.post(
    '/mcp',
    {
      bodyLimit: MCP_BODY_LIMIT,
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        await route.pacer.waitTurn();
      },
      // After the body is read: only a message that calls a tool is counted.
      preHandler: async (request, reply) => {
        const calls = toolCalls(request.body);
        if (calls > 0) await route.limiter.count(request, reply, calls);
      },
    },
    (request, reply) => answerCall(route, request, reply),
  );
  const stateless = async (_request: FastifyRequest, reply: FastifyReply) =>
    rpcError(reply.header('allow', 'POST'), 405, 'This MCP endpoint is stateless: POST each message');
  app.get('/mcp', stateless);
  app.delete('/mcp', stateless);
}
