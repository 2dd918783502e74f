/**
 * The docs the package ships, served as pages (src/service/routes/doc-pages.ts): every finding's own help,
 * `docs/issues.md#<type>`, opens at `/docs/issues#<type>`, where the page links it (src/report/view/chain/help-target.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_HELP, ISSUE_TYPES } from '../../src/core/index.js';
import { helpTarget } from '../../src/report/view/chain/help-target.js';
import { docPageFiles, servedPath } from '../../src/service/routes/doc-files.js';
import { htmlAnchors, htmlLinks } from '../helpers/doc-links.js';
import { appWith } from '../helpers/service.js';

/** The ids of an HTML page's elements (the targets of `#fragment` links, HTML standard §7.4.6.4). */
function ids(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));
}

describe('the docs pages', () => {
  let app: FastifyInstance;
  let issues: { statusCode: number; headers: Record<string, unknown>; body: string };

  beforeAll(async () => {
    app = await appWith();
    issues = await app.inject({ url: '/docs/issues' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves docs/issues.md as an HTML page with a strict CSP', () => {
    expect(issues.statusCode).toBe(200);
    expect(issues.headers['content-type']).toMatch(/^text\/html/);
    expect(issues.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(issues.body).toMatch(/<h1[^>]*>Issues and error codes<\/h1>/);
  });

  it("opens every finding's own help at its section: the link the page makes has its anchor", async () => {
    const anchors = ids(issues.body);
    const own = ISSUE_TYPES.filter((type) => ISSUE_HELP[type].startsWith('docs/'));
    expect(own.length).toBeGreaterThan(10);
    for (const type of own) {
      const target = helpTarget(ISSUE_HELP[type]);
      expect(target).toEqual({ kind: 'link', href: `/docs/issues#${type}`, text: 'hoplens docs' });
      const href = new URL((target as { href: string }).href, 'http://127.0.0.1/');
      const page = await app.inject({ url: href.pathname });
      expect(page.statusCode).toBe(200);
      expect(anchors, type).toContain(href.hash.slice(1));
    }
    // Every type has its section, the Search Central ones too (what `hoplens explain` prints).
    for (const type of ISSUE_TYPES) expect(anchors, type).toContain(type);
  });

  it('leads back from every page to the app, the docs and the API reference', async () => {
    const nav = /<nav aria-label="hoplens">(.*?)<\/nav>/.exec(issues.body)?.[1] ?? '';
    const hrefs = [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(['/', '/docs/README', '/docs/cli', '/docs']);
    for (const href of hrefs) expect((await app.inject({ url: href })).statusCode, href).toBe(200);
  });

  it("links the docs to each other as pages, and keeps the headings' GitHub anchors", async () => {
    // docs/issues.md's contents link to "#policy-files", GitHub's anchor for "## Policy files".
    expect(ids(issues.body)).toContain('policy-files');
    const cli = await app.inject({ url: '/docs/cli' });
    expect(cli.statusCode).toBe(200);
    expect(cli.body).toMatch(/href="\/docs\/issues(#[\w-]+)?"/);
    expect(cli.body).not.toMatch(/href="issues\.md/);
  });

  it('answers every link of every served page on the service itself with 200, and its #anchor with its heading', async () => {
    // The docs linked ../README.md, ../SECURITY.md and oracles/apache.md, which answered 404 (issue 44).
    const files = docPageFiles();
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'SECURITY.md', 'BENCHMARKS.md', 'docs/oracles/nginx.md']),
    );
    const bodies = new Map<string, string>();
    const fetched = async (path: string) => {
      if (!bodies.has(path)) {
        const answer = await app.inject({ url: path });
        bodies.set(path, answer.statusCode === 200 ? answer.body : `status ${answer.statusCode}`);
      }
      return bodies.get(path)!;
    };
    const broken: string[] = [];
    let checked = 0;
    for (const page of files.map(servedPath)) {
      for (const href of htmlLinks(await fetched(page))) {
        if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) continue;
        checked += 1;
        const target = new URL(href, `http://127.0.0.1${page}`);
        const body = await fetched(target.pathname);
        const fragment = decodeURIComponent(target.hash.slice(1));
        if (body.startsWith('status ')) broken.push(`${page} -> ${href}: ${body}`);
        else if (fragment !== '' && !htmlAnchors(body).has(fragment))
          broken.push(`${page} -> ${href}: no #${fragment}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // The pages out of docs/ are served in their own right, rendered, under names of their own.
    expect(await fetched('/docs/README')).toMatch(/<h1[^>]*>hoplens/);
    expect(await fetched('/docs/cli')).toContain('href="/docs/README#install"');
  });

  it('serves its stylesheet, and leaves Swagger UI and the OpenAPI document where they were', async () => {
    const css = await app.inject({ url: '/docs/pages.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(issues.body).toContain('href="/docs/pages.css"');
    const swagger = await app.inject({ url: '/docs/' });
    expect(swagger.statusCode).toBe(200);
    expect(swagger.body).toContain('swagger');
    expect((await app.inject({ url: '/openapi.json' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/docs/nothing-here' })).statusCode).toBe(404);
  });
});
