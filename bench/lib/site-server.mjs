// Generated site for the crawl benchmark (bench/workloads/crawl.ts), run in its own process so that serving costs
// never land in a measured tool's process: `node site-server.mjs PAGES` prints its port and serves PAGES HTML pages
// (`/` is page 0, `/p/<i>/` the others) with a fixed link graph (bench/lib/site-graph.mjs), keep-alive, plus the
// redirects, 404s, assets, robots.txt and sitemaps those pages point at.
//
// It counts what it serves, so that every tool is judged by the pages it actually fetched rather than by what it says
// it did: GET /__bench/stats answers the counts as JSON, POST /__bench/reset zeroes them. Nothing links to /__bench/.
import { createServer } from 'node:http';
import { ASSETS, linksOf, pageIndex, pagePath, redirectTarget, sitemapBodies } from './site-graph.mjs';

const pages = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(pages) || pages < 1) throw new Error(`usage: site-server.mjs PAGES (got ${process.argv[2]})`);

/** Per page, whether a GET served it: distinct pages visited, whatever the tool did twice. */
let fetched = new Uint8Array(pages);
let counts = {};
function reset() {
  fetched = new Uint8Array(pages);
  counts = { pages: 0, pageGets: 0, pageHeads: 0, requests: 0, redirects: 0, notFound: 0, assets: 0, sitemaps: 0 };
}
reset();

const words = 'migration redirect canonical sitemap crawler anchor archive release guide pricing support'.split(' ');
function pageHtml(i, origin) {
  const title = `${words[i % words.length]} ${words[(i >> 3) % words.length]} · page ${i}`;
  const items = linksOf(i, pages)
    .map((link, n) => {
      // One absolute link a page (same origin), the rest root-relative, as real sites mix them.
      const href = n === 0 ? `${origin}${link.href}` : link.href;
      return `      <li><a href="${href}">${link.text}</a></li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <meta name="description" content="Generated page ${i} of ${pages} for the hoplens crawl benchmark.">
  <link rel="canonical" href="${origin}${pagePath(i)}">
  <link rel="stylesheet" href="${ASSETS.css}">
</head>
<body>
  <a class="skip" href="#main">Skip to content</a>
  <header><a href="/"><img src="${ASSETS.logo}" alt="Home" width="32" height="32"></a>
    <nav><a href="/">Home</a> <a href="${pagePath(Math.min(1, pages - 1))}">Guides</a></nav>
  </header>
  <main id="main">
    <h1>${title}</h1>
    <p>This page belongs to a generated site of ${pages} pages. Each page links to its neighbours in a tree, to its
    parent and to a few pages elsewhere, so that a crawler starting at the home page reaches every page.</p>
    <p>Some links go through a redirect, a chain of two, or to a page that does not exist, as links on a site
    after a migration do.</p>
    <ul class="related">
${items}
    </ul>
  </main>
  <footer><p>© hoplens benchmark · <a href="/">home</a></p></footer>
</body>
</html>
`;
}

const logo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const css = Buffer.from('body{font:16px/1.5 system-ui;margin:2rem auto;max-width:40rem}nav a{margin-right:1rem}\n');
/** Sitemap bodies per origin (the Host a tool used), built on first request. */
const sitemaps = new Map();

function send(res, status, type, body, head) {
  res.writeHead(status, { 'content-type': type, 'content-length': String(body.length) });
  // Node sends no body to a HEAD request, whatever is passed to end().
  res.end(head ? undefined : body);
}

function redirect(res, location) {
  res.writeHead(301, { location, 'content-length': '0' });
  res.end();
}

function serve(req, res) {
  const url = new URL(req.url ?? '/', 'http://site');
  const head = req.method === 'HEAD';
  if (url.pathname.startsWith('/__bench/')) return control(req, res, url.pathname);
  counts.requests++;
  const origin = `http://${req.headers.host ?? 'localhost'}`;
  const page = pageIndex(url.pathname, pages);
  if (page !== undefined) {
    if (head) counts.pageHeads++;
    else {
      counts.pageGets++;
      if (fetched[page] === 0) counts.pages++;
      fetched[page] = 1;
    }
    return send(res, 200, 'text/html; charset=utf-8', Buffer.from(pageHtml(page, origin)), head);
  }
  const target = redirectTarget(url.pathname, pages);
  if (target !== undefined) {
    counts.redirects++;
    return redirect(res, target);
  }
  if (url.pathname === ASSETS.css) return asset(res, 'text/css', css, head);
  if (url.pathname === ASSETS.logo) return asset(res, 'image/png', logo, head);
  if (url.pathname === '/robots.txt') {
    const text = `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
    return send(res, 200, 'text/plain', Buffer.from(text), head);
  }
  if (!sitemaps.has(origin)) sitemaps.set(origin, sitemapBodies(pages, origin));
  const sitemap = sitemaps.get(origin).get(url.pathname);
  if (sitemap !== undefined) {
    counts.sitemaps++;
    return send(res, 200, 'application/xml', sitemap, head);
  }
  counts.notFound++;
  return send(res, 404, 'text/html; charset=utf-8', Buffer.from('<!doctype html><title>Not found</title>\n'), head);
}

function asset(res, type, body, head) {
  counts.assets++;
  send(res, 200, type, body, head);
}

function control(req, res, path) {
  if (path === '/__bench/reset' && req.method === 'POST') reset();
  else if (path !== '/__bench/stats') return send(res, 404, 'text/plain', Buffer.from('no such control\n'), false);
  send(res, 200, 'application/json', Buffer.from(JSON.stringify({ total: pages, ...counts })), false);
}

const server = createServer(serve);
// Keep-alive as a production server has it: connections are reused for as long as a crawl runs.
server.keepAliveTimeout = 60_000;
server.headersTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
