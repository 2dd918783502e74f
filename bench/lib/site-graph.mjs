// The link graph of the crawl benchmark's generated site (served by bench/lib/site-server.mjs): pure functions of the
// page number and the page count, so the site is the same on every run and a test can walk it without a server.
//
// Page i links to its children 4i+1..4i+4 in a tree (so every page is reachable from `/`, at depth at most
// log4(pages) + 1), to its parent, to six pages picked by a hash, through a redirect (`/r/k` → 301 → `/p/k/`), on
// every fifth page through a chain of two (`/rr/k` → `/r/k` → page k), and on one page in ten to a page that does not
// exist (`/gone/i` → 404). About ten links a page, as the issue asks.

export const ASSETS = { css: '/assets/site.css', logo: '/assets/logo.png' };

/** The sitemaps protocol caps a sitemap file at 50,000 URLs (https://www.sitemaps.org/protocol.html). */
const SITEMAP_LIMIT = 50_000;

/** A 32-bit integer hash (xorshift-multiply): the "random" links, the same on every run. */
function mix(x) {
  let h = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

export function pagePath(i) {
  return i === 0 ? '/' : `/p/${i}/`;
}

/**
 * The page a path names, or undefined: `/` and `/p/<i>/` with 0 < i < pages, written without leading zeros. Pages end
 * in a slash, as on most sites built by a generator: linkinator resolves the links of a page whose last segment has
 * no extension against `<path>/` (its url-utils normalizeBaseUrl), so `/p/7` would send it to `/p/7/` besides.
 */
export function pageIndex(path, pages) {
  if (path === '/') return 0;
  const match = /^\/p\/([1-9]\d*)\/$/.exec(path);
  if (match === null) return undefined;
  const i = Number(match[1]);
  return i < pages ? i : undefined;
}

/** Where a redirect path points (`/r/k` to page k, `/rr/k` to `/r/k`), or undefined when it is not one. */
export function redirectTarget(path, pages) {
  const match = /^\/(rr?)\/(0|[1-9]\d*)$/.exec(path);
  if (match === null || Number(match[2]) >= pages) return undefined;
  return match[1] === 'rr' ? `/r/${match[2]}` : pagePath(Number(match[2]));
}

/** The links in page i's list, in order: `{ href, text, kind }` with kind page, redirect, chain or missing. */
export function linksOf(i, pages) {
  const links = [];
  for (let child = 4 * i + 1; child <= 4 * i + 4 && child < pages; child++) {
    links.push({ href: pagePath(child), text: `Section ${child}`, kind: 'page' });
  }
  if (i > 0) links.push({ href: pagePath(Math.floor((i - 1) / 4)), text: 'Up one level', kind: 'page' });
  for (let j = 0; j < 6; j++) {
    const other = mix(i * 8 + j) % pages;
    links.push({ href: pagePath(other), text: `See also ${other}`, kind: 'page' });
  }
  const moved = mix(i * 8 + 7) % pages;
  links.push({ href: `/r/${moved}`, text: `Moved page ${moved}`, kind: 'redirect' });
  if (i % 5 === 0) links.push({ href: `/rr/${moved}`, text: `Old address of ${moved}`, kind: 'chain' });
  if (i % 10 === 3) links.push({ href: `/gone/${i}`, text: 'Removed page', kind: 'missing' });
  return links;
}

function urlset(origin, paths) {
  const rows = paths.map((path) => `  <url><loc>${origin}${path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>\n`;
}

/**
 * `/sitemap.xml` (an index) and `/sitemap-<n>.xml` (at most 50,000 pages each) for `origin`, as path → body. The
 * first file also lists two redirected addresses, as sitemaps left behind by a migration do.
 */
export function sitemapBodies(pages, origin) {
  const bodies = new Map();
  // Room in each file for the two redirected addresses the first one lists.
  const perFile = SITEMAP_LIMIT - 2;
  const files = Math.ceil(pages / perFile);
  for (let n = 0; n < files; n++) {
    const paths = [];
    for (let i = n * perFile; i < Math.min(pages, (n + 1) * perFile); i++) paths.push(pagePath(i));
    if (n === 0) paths.push(`/r/${Math.min(1, pages - 1)}`, `/rr/${Math.min(2, pages - 1)}`);
    bodies.set(`/sitemap-${n}.xml`, Buffer.from(urlset(origin, paths)));
  }
  const entries = [...bodies.keys()].map((path) => `  <sitemap><loc>${origin}${path}</loc></sitemap>`);
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  bodies.set('/sitemap.xml', Buffer.from(index));
  return bodies;
}
