/**
 * `check --samples` on an nginx file against real nginx: the sample rows give the verdicts the library's matcher
 * gives, and a sample path beginning with `//` stays a path (nginx merges its slashes:
 * https://nginx.org/en/docs/http/ngx_http_core_module.html#merge_slashes), where `new URL('//old', base)` would make
 * `old` the host.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startNginx } from '../helpers/nginx-server.js';

const dirPath = tempDirPerTest();

const RULES = [
  'location = /old/page { return 301 /new/page; }',
  'location /blog/ { return 301 /articles/; }',
  String.raw`location ~ "^/blog/(\d{4})$" { return 301 /archive/$1; }`,
  '',
].join('\n');

describe('check --samples, nginx checked live', () => {
  it('keeps //paths as paths and agrees with nginx on every sample', async () => {
    const dir = dirPath();
    await mkdir(join(dir, 'nginx'), { recursive: true });
    const rules = join(dir, 'rules.conf');
    await writeFile(rules, RULES);
    const samples = join(dir, 'samples.txt');
    await writeFile(samples, '/old/page\n//old/page\n/old//page\n/blog/2020\n/blog/x\n');
    const nginx = await startNginx(join(dir, 'nginx'), rules);
    try {
      const base = `http://site.test:${nginx.port}`;
      const args = ['check', rules, '--input', 'nginx', '--samples', samples, '--base-url', base, '--format', 'ndjson'];
      const { stdout, stderr } = await runCli(args);
      const rows = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { source: string; outcome: string; extra?: { rule?: string } });
      expect(
        rows.map((row) => [new URL(row.source).host, new URL(row.source).pathname, row.extra?.rule, row.outcome]),
        stderr,
      ).toEqual([
        [`site.test:${nginx.port}`, '/old/page', 'line 1', 'passed'],
        [`site.test:${nginx.port}`, '//old/page', 'line 1', 'passed'],
        [`site.test:${nginx.port}`, '/old//page', 'line 1', 'passed'],
        [`site.test:${nginx.port}`, '/blog/2020', 'line 3', 'passed'],
        [`site.test:${nginx.port}`, '/blog/x', 'line 2', 'passed'],
      ]);
    } finally {
      await nginx.stop();
    }
  });
});
