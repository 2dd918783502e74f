/**
 * Issue 47's acceptance: a site on a loopback server plants one link of each new kind, each pointing at a URL that
 * redirects (301), and the crawl must report exactly those links, one finding per kind, named by its kind. A form's
 * action is reported and never requested (the HTML standard's form submission sends a visitor's data, 4.10.21.3):
 * the server must see no request for it. `--skip` of a kind leaves its link out of the report.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { reportFindings } from './report-findings.js';

/** The page with one link of each kind, each at `/old-<kind>`, which redirects to `/new-<kind>`. */
const PAGE = `<!doctype html><html><head><title>kinds</title>
<link rel=amphtml href=/old-amphtml><link rel=manifest href=/old-manifest><link rel=icon href=/old-icon>
<meta name="twitter:image" content="/old-twitter">
<style>/* url(/commented) */ .hero { background: url('/old-css') }</style>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@id":"#org","logo":{"url":"/old-json-ld"}}]}</script>
<script type="application/ld+json">{ broken</script>
</head><body>
<map name=m><area href=/old-area alt=area></map>
<img src=/img.png srcset="/img.png 1x, /old-srcset 2x" alt=img>
<form action=/old-form method=post><button>send</button></form>
</body></html>`;

const KINDS = ['amphtml', 'manifest', 'icon', 'twitter', 'css', 'json-ld', 'area', 'srcset'];

let server: Server;
let site = '';
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requested.push(path);
    if (path.startsWith('/old-')) {
      response.writeHead(301, { location: `/new-${path.slice(5)}` }).end();
    } else if (path === '/robots.txt') {
      response.writeHead(404).end();
    } else {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(path === '/' ? PAGE : '<!doctype html><title>x</title>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 10_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Each finding of the report (./report-findings.ts). */
const findings = (stdout: string) => reportFindings(stdout, site);

const dir = tempDirPerTest();

describe('hoplens crawl reads every kind of link a page keeps', () => {
  it('reports one redirect per kind, and the form without requesting it', async () => {
    requested.length = 0;
    const outcome = await runCli(['crawl', `${site}/`, '--format', 'ndjson', '--no-progress'], { cwd: dir() });
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(findings(outcome.stdout)).toEqual(
      [
        ...KINDS.map((kind) => `link_to_redirect ${kind} /old-${kind}`),
        'form_action_not_checked form /old-form',
      ].sort(),
    );
    expect(requested.filter((path) => path.includes('form'))).toEqual([]);
    // Every other kind's target was requested (analysed through its redirect).
    expect(requested).toEqual(expect.arrayContaining(KINDS.map((kind) => `/new-${kind}`)));
  }, 60_000);

  it('leaves a kind out with --skip', async () => {
    const outcome = await runCli(
      ['crawl', `${site}/`, '--format', 'ndjson', '--no-progress', '--skip', 'srcset,json-ld,form'],
      { cwd: dir() },
    );
    expect(outcome.code, outcome.stderr).toBe(0);
    const found = findings(outcome.stdout);
    expect(found).toHaveLength(KINDS.length - 2);
    expect(found.join('\n')).not.toMatch(/srcset|json-ld|form/);
  }, 60_000);

  it('refuses an unknown kind, naming the new ones', async () => {
    const outcome = await runCli(['crawl', `${site}/`, '--skip', 'video'], { cwd: dir() });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('json-ld');
    expect(outcome.stderr).toContain('form');
  }, 30_000);
});
