/**
 * `hoplens check RULES --samples FILE`: pattern rules (skipped without samples) tested live with real URLs. Each
 * sample is matched against the rules (src/inputs/patterns/, tested per format in test/inputs/patterns.test.ts), its
 * expected target computed and checked on --base-url; a sample no rule matches fails as unmatched.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  // The new site: /blog/* moved to /news/*, except that /blog/broken goes to the wrong place.
  server = await startServer((req, res) => {
    const path = req.url ?? '/';
    const blog = /^\/blog\/(.*)$/.exec(path);
    if (blog !== null) res.writeHead(301, { location: blog[1] === 'broken' ? '/oops' : `/news/${blog[1]}` });
    else if (path.startsWith('/docs/')) res.writeHead(302, { location: path.replace('/docs/', '/guides/') });
    else res.writeHead(path === '/gone' ? 404 : 200);
    res.end();
  });
});
afterAll(async () => {
  await server.close();
});

const dirPath = tempDirPerTest();

async function file(name: string, text: string): Promise<string> {
  const path = join(dirPath(), name);
  await writeFile(path, text);
  return path;
}

const base = () => `http://site.test:${server.port}`;

describe('hoplens check --samples', () => {
  it('checks each sample against the rule it matches, on --base-url, and fails unmatched samples', async () => {
    const rules = await file('_redirects', '/blog/*  /news/:splat  301\n/docs/:page  /guides/:page  302\n');
    const samples = await file(
      'old-urls.txt',
      'https://old.example/blog/2020/hello\nhttps://old.example/blog/broken\n/docs/intro\nhttps://old.example/gone\n',
    );
    const { code, stdout } = await runCli([
      'check',
      rules,
      '--samples',
      samples,
      '--base-url',
      base(),
      '--format',
      'ndjson',
    ]);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const brief = rows.map(
      (row) => `${row.line} ${row.outcome} ${(row.extra as { rule: string }).rule || '-'} ${row.target ?? '-'}`,
    );
    expect(brief).toEqual([
      `1 passed line 1 ${base()}/news/2020/hello`,
      `2 failed line 1 ${base()}/news/broken`,
      `3 passed line 2 ${base()}/guides/intro`,
      '4 failed - -',
    ]);
    expect((rows[3]!.reasons as string[])[0]).toBe('unmatched: no rule matches this sample (a gap in the migration)');
    expect(code).toBe(1);
  });

  it('takes the samples from a sitemap, and tests nginx regex locations with them', async () => {
    const rules = await file(
      'site.conf',
      'server {\n  location ~ ^/blog/(.+)$ { return 301 /news/$1; }\n  location = /about { return 200; }\n}\n',
    );
    const sitemap = await file(
      'old-sitemap.xml',
      '<urlset><url><loc>https://old.example/blog/a</loc></url><url><loc>https://old.example/about</loc></url><url><loc>https://old.example/contact</loc></url></urlset>',
    );
    const { code, stdout } = await runCli(['check', rules, '--samples', sitemap, '--base-url', base()]);
    expect(stdout).toMatch(/3 rows checked .*: 2 passed, 1 failed/);
    expect(stdout).toContain('unmatched');
    expect(code).toBe(1);
  });

  it('refuses --samples for a format without pattern matching', async () => {
    const rules = await file('bulk.csv', 'a.test/x,https://b.test/y\n');
    const samples = await file('s.txt', 'https://a.test/x\n');
    const { code, stderr } = await runCli(['check', rules, '--input', 'cloudflare', '--samples', samples]);
    expect(stderr).toContain('--samples tests the pattern rules of netlify, vercel, apache, nginx files');
    expect(code).toBe(2);
  });
});
