/**
 * A site whose answers a test changes between two crawls (`hoplens compare`): a model of pages, each an HTML page or a
 * redirect, served by a real node:http server on loopback. The home page `/` links to every page the model lists
 * (but the hidden ones), so that a page changed or lost never cuts another off the crawl; robots.txt disallows the
 * paths the model names (RFC 9309, `Disallow`; every path ends in a slash so that none is a prefix of another).
 */
import type { ServerResponse } from 'node:http';
import { startServer, type TestServer } from './servers.js';

export interface ModelPage {
  /** 200 for a page, 3xx for a redirect (with `location`), 404/410/500 for an error. */
  status: number;
  location?: string;
  title?: string;
  /** A path (this site's) the page names as canonical, in its head or (`canonicalIn: 'header'`) a Link header. */
  canonical?: string;
  canonicalIn?: 'head' | 'header';
  /** `noindex` in a robots `<meta>` or an `X-Robots-Tag` header. */
  noindex?: 'meta' | 'header';
  /** hreflang alternates: language and path. */
  hreflang?: Array<{ lang: string; path: string }>;
  /** Paths it links to besides the home page. */
  links?: string[];
  /** Not linked from the home page (a page the site no longer links to). */
  hidden?: boolean;
}

export interface SiteModel {
  pages: Map<string, ModelPage>;
  /** Paths robots.txt disallows for every crawler. */
  disallow: Set<string>;
}

export interface ChangingSite {
  readonly origin: string;
  /** The model served from now on. */
  serve(model: SiteModel): void;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function html(origin: string, page: ModelPage): string {
  const head = [`<title>${escapeHtml(page.title ?? '')}</title>`];
  if (page.canonical !== undefined && page.canonicalIn !== 'header')
    head.push(`<link rel="canonical" href="${origin}${page.canonical}">`);
  if (page.noindex === 'meta') head.push('<meta name="robots" content="noindex, follow">');
  for (const { lang, path } of page.hreflang ?? [])
    head.push(`<link rel="alternate" hreflang="${lang}" href="${origin}${path}">`);
  const links = ['/', ...(page.links ?? [])].map((path) => `<a href="${path}">${escapeHtml(path)}</a>`);
  return `<!doctype html><html><head>${head.join('')}</head><body>${links.join(' ')}</body></html>`;
}

function answer(res: ServerResponse, origin: string, page: ModelPage): void {
  if (page.location !== undefined) {
    res.writeHead(page.status, { location: page.location }).end();
    return;
  }
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
  if (page.canonical !== undefined && page.canonicalIn === 'header')
    headers.link = `<${origin}${page.canonical}>; rel="canonical"`;
  if (page.noindex === 'header') headers['x-robots-tag'] = 'noindex';
  res.writeHead(page.status, headers).end(page.status === 200 ? html(origin, page) : 'gone');
}

function home(model: SiteModel): string {
  const listed = [...model.pages].filter(([, page]) => page.hidden !== true).map(([path]) => path);
  return `<!doctype html><title>Home</title>${listed.map((path) => `<a href="${path}">${path}</a>`).join(' ')}`;
}

export async function startChangingSite(): Promise<ChangingSite> {
  let model: SiteModel = { pages: new Map(), disallow: new Set() };
  let origin = '';
  const server: TestServer = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') {
      const lines = ['User-agent: *', ...[...model.disallow].map((disallowed) => `Disallow: ${disallowed}`), ''];
      res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\n'));
      return;
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(home(model));
      return;
    }
    const page = model.pages.get(path);
    if (page === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else answer(res, origin, page);
  });
  origin = server.origin;
  return {
    origin,
    serve(next) {
      model = next;
    },
    close: () => server.close(),
  };
}
