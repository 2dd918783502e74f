/**
 * Rendering through the faces: the service with HOPLENS_RENDER (on, off, on without a Chromium) and `hoplens
 * --render`, against a page whose script redirects, in real Chromium (/usr/bin/chromium).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';
import { analyzePath, appWith } from '../helpers/service.js';

const HTML = { 'content-type': 'text/html' };
/** The target is built at run time: only a browser that runs the script sees it. */
const SCRIPT = '<script>var to = "/lan" + "ded"; location.replace(to);</script>';

let target: TestServer;
beforeAll(async () => {
  target = await startRedirectServer({
    '/page': { status: 200, headers: HTML, body: `<html><head>${SCRIPT}</head><body>moving</body></html>` },
    '/landed': { status: 200, headers: HTML, body: '<p>here</p>' },
  });
});
afterAll(() => target.close());

describe('the service with HOPLENS_RENDER', () => {
  const env = { HOPLENS_RATE_LIMIT_PER_MINUTE: '1000', HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8' };

  it('on: render=true follows the script as a javascript hop', async () => {
    const app: FastifyInstance = await appWith({ ...env, HOPLENS_RENDER: 'on' });
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.json()).toMatchObject({ status: 'ready', render: 'on' });
      const response = await app.inject({ url: analyzePath({ url: `${target.origin}/page`, render: 'true' }) });
      expect(response.statusCode).toBe(200);
      const chain = response.json().chain as Array<{ url: string; redirectVia?: string }>;
      expect(chain.map((hop) => [hop.url, hop.redirectVia])).toEqual([
        [`${target.origin}/page`, 'javascript'],
        [`${target.origin}/landed`, undefined],
      ]);
      // Without render=true the same page is one hop: the static search cannot see a URL built at run time.
      const plain = await app.inject({ url: analyzePath({ url: `${target.origin}/page` }) });
      expect(plain.json().chain).toHaveLength(1);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('on without a Chromium: not ready at once, and render=true is 503 RENDER_UNAVAILABLE', async () => {
    const app = await appWith({ ...env, HOPLENS_RENDER: 'on', HOPLENS_CHROMIUM: '/nonexistent/chromium' });
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready', render: 'unavailable' });
      const response = await app.inject({ url: analyzePath({ url: `${target.origin}/page`, render: 'true' }) });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('RENDER_UNAVAILABLE');
      // The server's paths are the operator's business (its log and /readyz say why), not the caller's (issue 22).
      expect(response.body).not.toContain('/nonexistent');
      expect(response.body).not.toMatch(/chromium/i);
      // Analyses that do not render still work.
      expect((await app.inject({ url: analyzePath({ url: `${target.origin}/page` }) })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('on with an executable that is no browser: the failed launch is 503 without the path', async () => {
    const app = await appWith({ ...env, HOPLENS_RENDER: 'on', HOPLENS_CHROMIUM: '/bin/false' });
    try {
      const response = await app.inject({ url: analyzePath({ url: `${target.origin}/page`, render: 'true' }) });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('RENDER_UNAVAILABLE');
      expect(response.body).not.toContain('/bin/false');
      expect(response.body).not.toMatch(/chromium/i);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('off: render=true is 400 RENDER_DISABLED and readiness does not depend on a browser', async () => {
    const app = await appWith(env);
    try {
      expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready', render: 'off' });
      const response = await app.inject({ url: analyzePath({ url: `${target.origin}/page`, render: 'true' }) });
      expect(response.json().error.code).toBe('RENDER_DISABLED');
    } finally {
      await app.close();
    }
  });
});

describe('hoplens --render', () => {
  it('follows the script as a JavaScript hop', async () => {
    const run = await runCli([`${target.origin}/page`, '--render', '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.chain.map((hop: { redirectVia?: string }) => hop.redirectVia)).toEqual(['javascript', undefined]);
    // Piped, stderr says nothing of the browser's start: a log wants no chatter.
    expect(run.stderr).not.toContain('starting Chromium');
  }, 60_000);

  it('says on a terminal that Chromium is starting, for the seconds nothing else shows', async () => {
    const run = await runCli([`${target.origin}/page`, '--render'], { stderrIsTTY: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('hoplens: starting Chromium for --render...\n');
  }, 60_000);

  it('exits 2 with the install hint when there is no Chromium, before any request', async () => {
    const before = target.requests.length;
    const run = await runCli([`${target.origin}/page`, '--render'], { env: { HOPLENS_CHROMIUM: '/nonexistent' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/apt-get install chromium/);
    expect(target.requests.length).toBe(before);
  });
});
