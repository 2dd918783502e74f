/**
 * When a bound stops a render, the requests it has in flight stop too: their bodies are no longer read, and their
 * connections close. Before, a response already started was read to its end (up to 2 MiB decoded each, six at once)
 * for a page that would never be given it. The router here is the renderer's own, with the core's guarded fetch.
 */
import { once } from 'node:events';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../src/core/index.js';
import { RENDER_BOUNDS_DEFAULTS } from '../../src/render/index.js';
import { RenderBudget } from '../../src/render/render-budget.js';
import { RequestRouter } from '../../src/render/request-router.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
const agent = new Agent();
let closed: () => void = () => {};

beforeAll(async () => {
  // A body that starts at once and never ends: only an abort ends the request.
  server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('x'.repeat(1024));
    res.on('close', () => closed());
  });
});
afterAll(async () => {
  await agent.close();
  await server.close();
});

describe('a render stopped by a bound', () => {
  it('aborts its requests in flight, and their connections close', async () => {
    const stops: string[] = [];
    const budget = new RenderBudget(RENDER_BOUNDS_DEFAULTS, (incomplete) => stops.push(incomplete.reason));
    const fetch = createGuardedFetch({ dispatcher: agent, timeout: 20_000 });
    const router = new RequestRouter({ fetch, budget, onNavigation: () => {} });
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const routed = router.route({
      url: `${server.origin}/endless`,
      method: 'GET',
      headers: {},
      resourceType: 'fetch',
      topDocument: false,
      ofRenderedPage: true,
    });
    // The request has reached the server and its body has started.
    await once(server.server, 'request');
    const started = performance.now();
    budget.stop({ reason: 'memory_limit', detail: 'the page took too much' });
    expect(await routed).toBeUndefined();
    await connectionClosed;
    // Far below the fetch's 20 s timeout: the stop ended it, not the clock.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(stops).toEqual(['memory_limit']);
    expect(budget.signal.aborted).toBe(true);
  }, 30_000);
});
