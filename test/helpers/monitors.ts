/** Helpers for monitor tests: a clock the test moves, a webhook sink, and an admin client for a built app. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../src/service/app.js';
import type { Environment } from '../../src/service/config.js';
import { startServer, type TestServer } from './servers.js';
import { appWith } from './service.js';

/** The admin token of monitor tests. */
export const TOKEN = 'test-admin-token';

/** A clock that moves only when the test says so, starting now. */
export function manualClock(start = Date.now()): { now: () => number; advance: (ms: number) => void } {
  let at = start;
  return { now: () => at, advance: (ms) => (at += ms) };
}

/** What a webhook sink received. */
export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver of alerts on loopback that can go down and come back on the same port. */
export interface WebhookSink {
  url: string;
  deliveries: Delivery[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookSink(): Promise<WebhookSink> {
  const deliveries: Delivery[] = [];
  let server: TestServer | undefined;
  const listen = async (port = 0) => {
    server = await startServer(
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
          res.end('ok');
        });
      },
      '127.0.0.1',
      port,
    );
    return server.port;
  };
  const port = await listen();
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    down: async () => {
      await server?.close();
      server = undefined;
    },
    up: async () => {
      await listen(port);
    },
    close: async () => server?.close(),
  };
}

/**
 * The longest a `beforeAll` waits for {@link monitorApp}: starting PGlite compiles its WebAssembly, about 10 s alone;
 * 60 s were passed once while other suites and builds held both cores.
 */
export const MONITOR_APP_START_MS = 150_000;

/** Builds an app with monitors on (the test token) over `env`. */
export function monitorApp(env: Environment, deps: AppDeps = {}): Promise<FastifyInstance> {
  return appWith({ HOPLENS_ADMIN_TOKEN: TOKEN, ...env }, deps);
}

/** An admin request to a built app (inject), parsed. */
export async function admin(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON answers field by field
): Promise<{ status: number; body: any }> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${TOKEN}` },
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body === '' ? undefined : JSON.parse(response.body) };
}
