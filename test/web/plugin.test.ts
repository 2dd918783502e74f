/**
 * The page's server side, without a browser: `/` and the assets with their security and caching headers, nothing
 * loaded from elsewhere, and no route taken from the service. The page is built from source for this file
 * (test/helpers/built-page.ts); the built service's own page is checked against dist/ at the end.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/app.js';
import { loadConfig } from '../../src/service/config.js';
import { CONTENT_SECURITY_POLICY, webPage } from '../../src/web/plugin.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { useServiceProcess } from '../helpers/service-process.js';

const pageDir = useBuiltPage();
const { start: serviceProcess } = useServiceProcess();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8' }), {
    webPublicDir: pageDir(),
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('GET /', () => {
  it('serves the built index.html with a strict Content-Security-Policy and the other security headers', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(readFileSync(join(pageDir(), 'index.html'), 'utf8'));
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    const policy = directives(csp);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // Nothing inline, nothing evaluated, no other origin, no scheme-wide source.
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|nonce-|sha256-|https?:|data:|blob:|\*/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a matching If-None-Match with 304, and HEAD with the headers', async () => {
    const first = await app.inject({ url: '/' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('tells the page whether the instance renders (HOPLENS_RENDER), in a meta tag covered by the ETag', async () => {
    const off = await app.inject({ url: '/' });
    expect(off.body).toContain('<meta name="hoplens-render" content="off" />');
    const rendering = await buildApp(
      loadConfig({ LOG_LEVEL: 'silent', HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8', HOPLENS_RENDER: 'on' }),
      { webPublicDir: pageDir() },
    );
    try {
      const on = await rendering.inject({ url: '/' });
      expect(on.statusCode).toBe(200);
      expect(on.body).toContain('<meta name="hoplens-render" content="on" />');
      expect(on.body).not.toContain('content="off"');
      // The only difference from the file; one tag, still no inline script for the CSP to refuse.
      expect(on.body.replace('content="on"', 'content="off"')).toBe(off.body);
      expect(on.body.match(/name="hoplens-render"/g)).toHaveLength(1);
      // Another page, another ETag: a browser that cached the other instance's page revalidates to this one.
      expect(on.headers.etag).not.toBe(off.headers.etag);
      const again = await rendering.inject({ url: '/', headers: { 'if-none-match': String(on.headers.etag) } });
      expect(again.statusCode).toBe(304);
      const stale = await rendering.inject({ url: '/', headers: { 'if-none-match': String(off.headers.etag) } });
      expect(stale.statusCode).toBe(200);
    } finally {
      await rendering.close();
    }
  });

  it('is not counted against the rate limit', async () => {
    const before = await app.inject({ url: '/api/analyze' });
    for (let i = 0; i < 3; i++) await app.inject({ url: '/' });
    const after = await app.inject({ url: '/api/analyze' });
    expect(Number(after.headers['x-ratelimit-remaining'])).toBe(Number(before.headers['x-ratelimit-remaining']) - 1);
  });
});

describe('the assets', () => {
  it.each([
    ['/app.js', /^(application|text)\/javascript/],
    ['/styles.css', /^text\/css/],
    ['/favicon.svg', /^image\/svg\+xml/],
  ])('%s is served with its type, the CSP, nosniff and revalidation', async (path, type) => {
    const response = await app.inject({ url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    const again = await app.inject({ url: path, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('the page loads nothing from elsewhere', () => {
  const html = () => readFileSync(join(pageDir(), 'index.html'), 'utf8');

  it('index.html loads /app.js as a module and /styles.css, and has no inline script, style or handler', () => {
    const page = html();
    expect(page).toContain('<script type="module" src="/app.js"></script>');
    expect(page).toMatch(/<link rel="stylesheet" href="\/styles\.css"/);
    expect(page.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="/app.js">']);
    expect(page).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=|javascript:/i);
  });

  it('every src, href and CSS url() is a path on this origin', () => {
    const page = html();
    const references = [...page.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(references.length).toBeGreaterThan(3);
    for (const reference of references) expect(reference).toMatch(/^(\/(?!\/)|#)/);
    for (const file of readdirSync(pageDir()).filter((name) => name.endsWith('.css'))) {
      const css = readFileSync(join(pageDir(), file), 'utf8');
      expect(css).not.toMatch(/@import|url\(|@font-face/);
    }
  });

  it('the script fetches only this origin (relative /api/ paths)', () => {
    const script = readFileSync(join(pageDir(), 'app.js'), 'utf8');
    expect(script).not.toMatch(/\bimport\s*\(|importScripts|new Worker|WebSocket|EventSource|sendBeacon/);
    // Every API path is written relative (`/api/...`), never with an origin.
    expect(script).toMatch(/[`'"]\/api\//);
    expect(script).not.toMatch(/https?:\/\/[^`'"\s]*\/api\//);
  });
});

describe('routes', () => {
  it('leaves the service its routes and its JSON 404', async () => {
    const missing = await app.inject({ url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/openapi.json' })).statusCode).toBe(200);
    const api = await app.inject({ url: '/api/analyze' });
    expect(api.statusCode).toBe(400);
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('claims only /, the monitors view (/monitors, /monitors/:id) and the built files', async () => {
    const standalone = Fastify();
    const claimed: string[] = [];
    standalone.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method === 'GET') claimed.push(route.url);
    });
    await standalone.register(webPage, { publicDir: pageDir() });
    await standalone.ready();
    const files = readdirSync(pageDir())
      .filter((name) => name !== 'index.html')
      .map((name) => `/${name}`);
    expect(claimed.sort()).toEqual(['/', '/monitors', '/monitors/:id', ...files].sort());
    expect(claimed).not.toContain('/*');
    await standalone.close();
  });

  it('serves index.html at the monitors view, where the alerts link (/monitors/{id}), and nothing below it', async () => {
    const index = readFileSync(join(pageDir(), 'index.html'), 'utf8');
    for (const url of ['/monitors', '/monitors/', '/monitors/0b8c3f2e-1d2a-4c55-9d4e-1234567890ab']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(index);
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
    }
    expect((await app.inject({ url: '/monitors/a/b' })).statusCode).toBe(404);
  });

  it('keeps / out of the OpenAPI document', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/');
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/monitors'))).toEqual([]);
    expect(Object.keys(document.paths).some((path) => /\.(js|css|svg|map)$/.test(path))).toBe(false);
  });
});

describe('where the page comes from', () => {
  it('a directory without a built page gives the placeholder at / and no asset route', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'hoplens-no-page-'));
    const standalone = Fastify();
    try {
      await standalone.register(webPage, { publicDir: empty });
      const page = await standalone.inject({ url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(page.body).toContain('The web page is not built');
      expect((await standalone.inject({ url: '/app.js' })).statusCode).toBe(404);
    } finally {
      await standalone.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('the built service (node dist/service/main.js) serves the page built beside its plugin, dist/web/public', async () => {
    const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'web', 'public');
    const service = await serviceProcess();
    const page = await fetch(`${service.origin}/`);
    expect(await page.text()).toBe(readFileSync(join(dist, 'index.html'), 'utf8'));
    const script = await fetch(`${service.origin}/app.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe(readFileSync(join(dist, 'app.js'), 'utf8'));
  });
});
