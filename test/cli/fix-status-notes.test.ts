/**
 * `hoplens fix` says on each line when it changes a status, for every format whose writer makes a bare temporary
 * rule permanent, and `--keep-status` keeps the status (issue 26). Defaults: Apache's `Redirect` without a status and
 * a RewriteRule's bare `R` are 302 (https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect,
 * https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_r); Cloudflare Pages' `_redirects` default to 302
 * (https://developers.cloudflare.com/pages/configuration/redirects/); Vercel bulk redirects are temporary (307)
 * unless they say otherwise (https://vercel.com/docs/redirects/bulk-redirects). The nginx case is in
 * fix-precedence.test.ts.
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

/** Runs fix with and without --keep-status; returns both runs. */
async function bothWays(path: string, args: string[]) {
  const fixed = await runCli(['fix', path, ...args]);
  const kept = await runCli(['fix', path, ...args, '--keep-status']);
  expect(fixed.code).toBe(0);
  expect(kept.code).toBe(0);
  return { fixed, kept };
}

describe('hoplens fix says when it changes a status, and --keep-status keeps it', () => {
  it('apache: a bare Redirect and RewriteRule [R] made 301, each said on its line', async () => {
    const text = 'RewriteEngine On\nRewriteRule ^r$ /b [R,L]\nRedirect /a /b\nRedirect 301 /b /c\n';
    const path = await file('.htaccess', text);
    const { fixed, kept } = await bothWays(path, ['--input', 'apache', '--base-url', 'http://site.test']);
    expect(fixed.stdout).toBe(
      'RewriteEngine On\nRewriteRule ^r$ /c [R=301,L]\nRedirect 301 /a /c\nRedirect 301 /b /c\n',
    );
    expect(fixed.stderr).toContain('.htaccess:2: status 302 → 301');
    expect(fixed.stderr).toContain('.htaccess:3: status 302 → 301');
    expect(kept.stdout).toBe('RewriteEngine On\nRewriteRule ^r$ /c [R,L]\nRedirect /a /c\nRedirect 301 /b /c\n');
    expect(kept.stderr).not.toContain('status 302');
  });

  it('Cloudflare Pages _redirects: a rule naming no status made 301, said on its line', async () => {
    const path = await file('_redirects', '/a /b\n/b /c 301\n');
    const { fixed, kept } = await bothWays(path, ['--variant', 'cloudflare-pages']);
    expect(fixed.stdout).toBe('/a /c 301\n/b /c 301\n');
    expect(fixed.stderr).toContain('_redirects:1: status 302 → 301');
    expect(kept.stdout).toBe('/a /c\n/b /c 301\n');
    expect(kept.stderr).not.toContain('status 302');
  });

  it('vercel-bulk: a rule naming no status made permanent, said on its line', async () => {
    const text =
      '[\n  { "source": "/a", "destination": "/b" },\n  { "source": "/b", "destination": "/c", "permanent": true }\n]\n';
    const path = await file('bulk.json', text);
    const { fixed, kept } = await bothWays(path, ['--input', 'vercel-bulk', '--base-url', 'http://site.test']);
    expect(fixed.stdout).toContain('{ "source": "/a", "destination": "/c", "permanent": true }');
    expect(fixed.stderr).toContain('bulk.json:2: status 307 → 308');
    expect(kept.stdout).toContain('{ "source": "/a", "destination": "/c" }');
    expect(kept.stderr).not.toContain('status 307');
  });

  it('leaves a chain that carries a query on into a further redirect as written, and says so', async () => {
    // Whether the host passes `?x=1` on through `/step` is its own: flattening could move the destination.
    const json = {
      redirects: [
        { source: '/start', destination: '/step?x=1' },
        { source: '/step', destination: '/end' },
      ],
    };
    const path = await file('vercel.json', `${JSON.stringify(json, null, 2)}\n`);
    const { stdout, stderr } = await runCli(['fix', path, '--base-url', 'http://site.test']);
    expect(stdout).toContain('"destination": "/step?x=1"');
    expect(stderr).toMatch(
      /vercel\.json:\d+: left as written: the chain from \S+\/start passes the query string of \S+step\?x=1 on/,
    );
  });
});
