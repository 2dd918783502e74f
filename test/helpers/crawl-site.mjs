// A synthetic site with a known link graph, for the crawl's tests (test/crawl/): run in its own process
// (`node test/helpers/crawl-site.mjs`), it serves the site on 127.0.0.1 and an "external" site on 127.0.0.2, prints
// `{"site":PORT,"external":PORT}` on its first line of standard output, then one JSON line per request it answers
// ({"host","path","accept","at"}), and ends on SIGTERM or when its standard input closes (its parent is gone).
import { createServer } from 'node:http';

const page = (body, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

let slowAsked = 0;

/** The site's routes: path (with query) → [status, headers, body]. */
function siteRoute(path, ext) {
  const base = `http://127.0.0.1:${site.address().port}`;
  const redirect = (status, to) => [status, { location: to }, ''];
  const html = (markup) => [200, { 'content-type': 'text/html; charset=utf-8' }, markup];
  if (path.startsWith('/calendar?month=')) {
    const month = Number(path.slice('/calendar?month='.length));
    return html(page(`<a href="/calendar?month=${month + 1}">Next month</a>`));
  }
  switch (path) {
    case '/robots.txt':
      return [
        200,
        { 'content-type': 'text/plain' },
        `User-agent: *\nDisallow: /private/\nCrawl-delay: 0.05\n\nSitemap: ${base}/sitemap.xml\n`,
      ];
    case '/sitemap.xml':
      return [
        200,
        { 'content-type': 'application/xml' },
        // The third entry gives its page's hreflang alternates the sitemap way (xhtml:link, Google's third method).
        [
          '<?xml version="1.0"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
          `<url><loc>${base}/about</loc></url><url><loc>${base}/sitemap-old</loc></url>`,
          `<url><loc>${base}/en-gb/</loc>`,
          `<xhtml:link rel="alternate" hreflang="en-gb" href="${base}/en-gb/"/>`,
          `<xhtml:link rel="alternate" hreflang="en-us" href="${base}/old-en-us/"/>`,
          `<xhtml:link rel="alternate" hreflang="en-au" href="${base}/en-au/"/>`,
          `<xhtml:link rel="alternate" hreflang="en-ca" href="${base}/en-ca/"/>`,
          '</url></urlset>',
        ].join('\n'),
      ];
    case '/':
      return html(
        page(
          [
            '<a href="/about">About us</a>',
            '<a href="/old-about#team">Old about</a>',
            '<a href="/chain-start">Chain</a>',
            '<a href="/loop-a">Loop</a>',
            '<a href="/missing">Gone</a>',
            '<a href="/private/secret">Secret</a>',
            '<a href="/calendar?month=1">Calendar</a>',
            '<a href="/slow">Slow</a>',
            '<a href="/de/">Deutsch</a>',
            '<a href="/es/">Español</a>',
            `<a href="http://127.0.0.2:${ext}/ext-old">Partner</a>`,
            '<img src="/old-logo.png" alt="Logo">',
            '<a href="mailto:team@example.com">Mail</a>',
            '<!-- <a href="/commented-out">not a link</a> -->',
            '<template><a href="/in-template">not a link either</a></template>',
          ].join('\n'),
          '<link rel="canonical" href="/"><link rel="alternate" hreflang="en" href="/"><link rel="alternate" hreflang="de" href="/de/">',
        ),
      );
    case '/about':
      return html(page('<a href="/">Home</a>', '<link rel="canonical" href="/old-about">'));
    case '/de/':
      return html(
        page(
          '<a href="/fr/">Français</a>',
          '<link rel="alternate" hreflang="de" href="/de/"><link rel="alternate" hreflang="en" href="/">',
        ),
      );
    case '/fr/':
      return html(
        page(
          '<a href="/">Accueil</a>',
          '<link rel="alternate" hreflang="fr" href="/fr/"><link rel="alternate" hreflang="en" href="/">',
        ),
      );
    // hreflang in the Link header (Google's second method): one alternate redirects, one does not list /es/ back.
    case '/es/':
      return [
        200,
        {
          'content-type': 'text/html; charset=utf-8',
          link: '</es/>; rel="alternate"; hreflang="es", </old-it/>; rel="alternate"; hreflang="it", </pt/>; rel="alternate"; hreflang="pt"',
        },
        page('<a href="/">Inicio</a>'),
      ];
    // Lists the sitemap's /en-gb/ back from its Link header: a pair across two methods, reciprocal, so no finding.
    case '/en-ca/':
      return [
        200,
        {
          'content-type': 'text/html; charset=utf-8',
          link: '</en-ca/>; rel="alternate"; hreflang="en-ca", </en-gb/>; rel="alternate"; hreflang="en-gb"',
        },
        page('Canada'),
      ];
    case '/it/':
    case '/pt/':
    case '/en-gb/':
    case '/en-us/':
    case '/en-au/':
      return html(page('A localized page without alternates of its own'));
    case '/old-it/':
      return redirect(301, '/it/');
    case '/old-en-us/':
      return redirect(301, '/en-us/');
    case '/old-about':
    case '/sitemap-old':
      return redirect(301, '/about');
    case '/chain-start':
      return redirect(301, '/chain-mid');
    case '/chain-mid':
      return redirect(302, '/about');
    case '/loop-a':
      return redirect(301, '/loop-b');
    case '/loop-b':
      return redirect(301, '/loop-a');
    case '/old-logo.png':
      return redirect(301, '/logo.png');
    case '/logo.png':
      return [200, { 'content-type': 'image/png' }, 'png'];
    case '/slow':
      slowAsked++;
      if (slowAsked === 1) return [429, { 'retry-after': '1', 'content-type': 'text/plain' }, 'slow down'];
      return html(page('<a href="/">Home</a>'));
    case '/private/secret':
      return html(page('<a href="/private/deeper">Deeper</a>'));
    default:
      return [404, { 'content-type': 'text/html' }, page('Not found')];
  }
}

function externalRoute(path) {
  if (path === '/ext-old') return [301, { location: '/ext-new' }, ''];
  if (path === '/ext-new') return [200, { 'content-type': 'text/html' }, page('<a href="/ext-elsewhere">x</a>')];
  return [404, { 'content-type': 'text/plain' }, 'no'];
}

function handler(route) {
  return (request, response) => {
    const host = request.socket.localAddress;
    process.stdout.write(
      `${JSON.stringify({ host, path: request.url, accept: request.headers.accept ?? '', at: Date.now() })}\n`,
    );
    const [status, headers, body] = route(request.url);
    response.writeHead(status, headers);
    response.end(body);
  };
}

const external = createServer(handler(externalRoute));
const site = createServer(handler((path) => siteRoute(path, external.address().port)));
await new Promise((resolve) => external.listen(0, '127.0.0.2', resolve));
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({ site: site.address().port, external: external.address().port })}\n`);
const stop = () => {
  site.closeAllConnections();
  external.closeAllConnections();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
