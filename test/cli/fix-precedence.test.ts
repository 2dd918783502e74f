/**
 * `hoplens fix` follows chains with the format's own precedence (the matcher of `check --samples`), never the file
 * order, so that it never moves a destination; what it cannot flatten with certainty it leaves and says so. nginx's
 * location search: https://nginx.org/en/docs/http/ngx_http_core_module.html#location (a regex location beats the
 * longest prefix unless it is `^~`; the query string is no part of the matched URI); `return URL` is a 302:
 * https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#return. Netlify's first match wins, splats included:
 * https://docs.netlify.com/routing/redirects/#rule-processing-order. The round trip against real nginx is
 * test/oracles/nginx-fix.oracle.test.ts.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';

const dirPath = tempDirPerTest();

async function file(name: string, text: string): Promise<string> {
  const path = join(dirPath(), name);
  await writeFile(path, text);
  return path;
}

describe('hoplens fix follows the format precedence', () => {
  it('nginx: follows the regex location that beats the prefix one, not the file order', async () => {
    const rules = await file(
      'site.conf',
      [
        'location = /start { return 301 /shop/; }',
        'location /shop/ { return 301 /store/; }',
        'location ~ ^/shop/$ { return 301 /regex-won/; }',
        '',
      ].join('\n'),
    );
    const { code, stdout, stderr } = await runCli(['fix', rules, '--input', 'nginx']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe('location = /start { return 301 /regex-won/; }');
    // The prefix rule never answers /shop/: lint calls it shadowed, fix leaves it and says why.
    expect(stdout.split('\n')[1]).toBe('location /shop/ { return 301 /store/; }');
    expect(stderr).toContain('site.conf:2: left as written: line 3 answers');
  });

  it('nginx: lint and fix see a chain through a target with a query string', async () => {
    const rules = await file(
      'query.conf',
      'location = /x { return 301 /a?src=1; }\nlocation = /a { return 301 /b; }\n',
    );
    const lint = await runCli(['lint', rules, '--input', 'nginx', '--format', 'ndjson']);
    const chains = lint.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; line: number; suggestion?: string })
      .filter((finding) => finding.kind === 'chain');
    expect(chains).toEqual([expect.objectContaining({ line: 1, suggestion: '/b' })]);
    const { stdout } = await runCli(['fix', rules, '--input', 'nginx']);
    expect(stdout.split('\n')[0]).toBe('location = /x { return 301 /b; }');
  });

  it('nginx: leaves a rule an if block may answer first as written, and says so', async () => {
    const rules = await file(
      'if.conf',
      'location = /a { return 301 /b; }\nlocation = /b {\n  if ($arg_x) { return 403; }\n  return 301 /c;\n}\n',
    );
    const { stdout, stderr } = await runCli(['fix', rules, '--input', 'nginx']);
    expect(stdout.split('\n')[0]).toBe('location = /a { return 301 /b; }');
    expect(stderr).toMatch(/if\.conf:1: left as written: line 3 may answer/);
  });

  it('nginx: says on each line when it makes a bare 302 permanent; --keep-status keeps it', async () => {
    const text = [
      'location = /a { return http://site.test/b; }',
      'rewrite ^/r$ http://site.test/b;',
      'location = /b { return 301 http://site.test/c; }',
      '',
    ].join('\n');
    const rules = await file('status.conf', text);
    const base = ['--input', 'nginx', '--base-url', 'http://site.test'];
    const fixed = await runCli(['fix', rules, ...base]);
    expect(fixed.stdout).toBe(
      [
        'location = /a { return 301 http://site.test/c; }',
        'rewrite ^/r$ http://site.test/c permanent;',
        'location = /b { return 301 http://site.test/c; }',
        '',
      ].join('\n'),
    );
    expect(fixed.stderr).toContain('status.conf:1: status 302 → 301');
    expect(fixed.stderr).toContain('status.conf:2: status 302 → 301');
    const kept = await runCli(['fix', rules, ...base, '--keep-status']);
    expect(kept.stdout).toBe(
      [
        'location = /a { return http://site.test/c; }',
        'rewrite ^/r$ http://site.test/c redirect;',
        'location = /b { return 301 http://site.test/c; }',
        '',
      ].join('\n'),
    );
    expect(kept.stderr).not.toContain('status 302');
  });

  it('netlify: a splat written earlier answers the target, so fix follows it, not the later literal rule', async () => {
    const rules = await file('_redirects', '/a /old/b 301\n/old/* /new/:splat 301\n/old/b /c 301\n');
    const { stdout } = await runCli(['fix', rules]);
    expect(stdout.split('\n')[0]).toBe('/a /new/b 301');
  });
});
