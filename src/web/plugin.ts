/**
 * Serves the web page: `index.html` at `/` and at the monitors view's addresses (`/monitors`, `/monitors/{id}`, which
 * the alerts link to), and the built assets (app.js, styles.css, favicon.svg...) at their own paths, with a strict
 * Content-Security-Policy. Claims no other route: the service owns /api/*, /healthz, /readyz, /openapi.json and
 * /docs, and any unknown path stays the service's 404.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
// For `schema.hide`: keeps `/` out of the service's OpenAPI document.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withRenderMeta } from './render-meta.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where the page is served from by default: `public/` next to this file, i.e. dist/web/public, where
 * scripts/build.mjs builds it beside the compiled plugin. Run from source, this file has no page beside it and serves
 * the placeholder, unless told where a page was built ({@link WebPageOptions.publicDir}).
 */
export const DEFAULT_PUBLIC_DIR = join(here, 'public');

/** Options of {@link webPage}. */
export interface WebPageOptions {
  /** The directory of the built page: index.html and its assets (default {@link DEFAULT_PUBLIC_DIR}). */
  publicDir?: string;
  /**
   * Whether the instance renders pages (the service's HOPLENS_RENDER): written into index.html for the page, which
   * then offers its render controls (src/web/render-meta.ts). Default false.
   */
  renderEnabled?: boolean;
}

/**
 * Only this origin's own script, styles, images and API; no inline script or style, no framing, no plugins, no
 * external origin of any kind.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every response of the page carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * Asset names are not hashed (index.html loads `/app.js`), so every file is revalidated on each use: a cheap 304
 * thanks to the ETag, and never a stale script after an upgrade.
 */
const CACHE_CONTROL = 'no-cache';

/** The addresses of the page itself: the analyzer, and the monitors view (its list and one monitor). */
export const PAGE_PATHS = Object.freeze(['/', '/monitors', '/monitors/:id']);

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hoplens</title></head>
<body><h1>hoplens</h1><p>The web page is not built: run <code>npm run build</code>. The API works: see
<a href="/docs">/docs</a>.</p></body></html>
`;

/** Serves the web page at `/`. */
export async function webPage(app: FastifyInstance, options: WebPageOptions = {}): Promise<void> {
  const publicDir = options.publicDir ?? DEFAULT_PUBLIC_DIR;
  const indexFile = join(publicDir, 'index.html');
  const built = existsSync(indexFile);
  // index.html is small and fixed for the life of the process: read once, told whether this instance renders, and
  // served from memory with a strong ETag of what is sent.
  const indexHtml = Buffer.from(
    built ? withRenderMeta(readFileSync(indexFile, 'utf8'), options.renderEnabled ?? false) : NOT_BUILT,
  );
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .headers(SECURITY_HEADERS)
      .header('cache-control', CACHE_CONTROL)
      .header('etag', indexEtag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === indexEtag) return reply.code(304).send();
    return reply.send(indexHtml);
  };
  for (const path of PAGE_PATHS) app.get(path, { schema: { hide: true } }, serveIndex);

  if (!built) {
    app.log.warn({ dir: publicDir }, 'web page not built (run npm run build); serving a placeholder at /');
    return;
  }

  // Assets: one route per built file (wildcard off), so no catch-all route competes with the service's 404.
  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    globIgnore: ['index.html'],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      res.setHeader('cache-control', CACHE_CONTROL);
    },
  });
}
