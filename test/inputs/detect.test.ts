/**
 * An input's format, detected by name first, then by content when the name does not settle it (issue 24): real files
 * on disk, read as `hoplens check`, `lint`, `fix` and `monitor import` read them (detectInputFormat, planInput).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectInputFormat, formatOfContent, type InputFormat, planInput } from '../../src/inputs/index.js';
import { tempDirPerTest } from '../helpers/cli.js';

const dir = tempDirPerTest();

/** Writes `content` to `name` in this test's directory and detects its format, with `--input` when given. */
async function detected(name: string, content: string, explicit?: InputFormat): Promise<InputFormat> {
  const path = join(dir(), name);
  await writeFile(path, content);
  return detectInputFormat(path, explicit);
}

describe('format detection by content, when the name does not settle it', () => {
  it('reads _redirects lines as Netlify rules, whatever the file is called', async () => {
    const rules = '# moved\n/old /new 301\n/blog/* /news/:splat 302\nhttps://old.example/a /a\n';
    expect(await detected('rules.netlify', rules)).toBe('netlify');
    expect(await detected('redirects.txt', rules)).toBe('netlify');
    expect(await detected('site.toml', '[build]\ncommand = "make"\n\n[[redirects]]\nfrom = "/a"\nto = "/b"\n')).toBe(
      'netlify',
    );
  });

  it('keeps a plain URL list a list: URLs, paths, comments and blank lines', async () => {
    expect(await detected('urls.txt', '# old site\nhttps://example.com/a\n\n/b\nhttps://example.com/c?x=1\n')).toBe(
      'list',
    );
    expect(await detected('urls', 'https://example.com/\n')).toBe('list');
    expect(await detected('empty.txt', '')).toBe('list');
    // One rule line among URLs decides nothing: the list reader says which --input reads it.
    expect(await detected('mixed.txt', 'https://example.com/a\n/old /new 301\n')).toBe('list');
  });

  it('tells nginx from Apache in a .conf by its directives, nginx when they say neither', async () => {
    const nginx =
      'server {\n  listen 80;\n  rewrite ^/old$ /new permanent;\n  return 301 https://example.com$request_uri;\n}\n';
    const apache = '<VirtualHost *:80>\nRedirect 301 /old /new\nRewriteEngine On\nRewriteRule ^a$ /b [R=301,L]\n';
    expect(await detected('site.conf', nginx)).toBe('nginx');
    expect(await detected('site.conf', apache)).toBe('apache');
    expect(await detected('httpd-vhosts.conf', nginx)).toBe('nginx');
    expect(await detected('redirects.conf', 'include other.conf;\n')).toBe('nginx');
    expect(await detected('apache-site.conf', 'Include other.conf\n')).toBe('apache');
    expect(await detected('moves.txt', 'RedirectMatch 301 ^/x/(.*)$ /y/$1\n')).toBe('apache');
  });

  it('reads JSON by its keys: vercel.json, a Redirection export, Vercel bulk redirects, Amplify rules', async () => {
    expect(await detected('redirects.json', '{ "redirects": [{ "source": "/a", "destination": "/b" }] }')).toBe(
      'vercel',
    );
    expect(await detected('site.json', '{ "routes": [] }')).toBe('vercel');
    const wordpress = '{ "plugin": {}, "redirects": [{ "url": "/a", "action_data": { "url": "/b" } }] }';
    expect(await detected('export.json', wordpress)).toBe('wordpress');
    expect(await detected('bulk.json', '[\n  { "source": "/a", "destination": "/b", "permanent": true }\n]\n')).toBe(
      'vercel-bulk',
    );
    expect(await detected('amplify.json', '[{ "source": "/a", "target": "/b", "status": "301" }]')).toBe('amplify');
    expect(await detected('other.json', '{ "name": "x" }')).toBe('list');
  });

  it('reads a CSV header naming a source column as a CSV', async () => {
    expect(await detected('mapping.txt', 'source,target,status\n/a,/b,301\n')).toBe('csv');
    expect(await detected('export', 'Old URL;New URL\nhttps://a.example/x;https://b.example/y\n')).toBe('csv');
  });

  it('lets the name settle it first, and --input override both', async () => {
    const rules = '/old /new 301\n';
    expect(await detected('urls.csv', rules)).toBe('csv');
    expect(await detected('sitemap.xml', rules)).toBe('sitemap');
    expect(await detected('rules.netlify', rules, 'list')).toBe('list');
    expect(await detected('vercel.json', '[{ "source": "/a", "target": "/b" }]')).toBe('vercel');
    expect(await detectInputFormat('-', undefined)).toBe('list');
    expect(await detectInputFormat(join(dir(), 'missing.txt'), undefined)).toBe('list');
  });

  it('plans the detected format, so that a Netlify file named for nothing needs --base-url to be checked', async () => {
    const path = join(dir(), 'rules.netlify');
    await writeFile(path, '/old /new 301\n');
    await expect(planInput(path, {}, { cwd: dir() })).rejects.toMatchObject({
      code: 'INPUT_OPTION_INVALID',
      message: '--base-url is required to check a _redirects file (its rules are paths)',
    });
    const offline = await planInput(path, {}, { cwd: dir(), offline: true });
    expect(offline).toMatchObject({ inputFormat: 'netlify', ordered: true, siteOrigin: 'https://rules.invalid' });
    expect((await planInput(path, { input: 'list' }, { cwd: dir() })).inputFormat).toBe('list');
  });

  it('looks at the start of a file only, past a BOM and comments', () => {
    expect(formatOfContent('\uFEFF# header\n# more\n\n/a /b\n')).toBe('netlify');
    expect(formatOfContent(`${'https://example.com/x\n'.repeat(60)}/a /b\n`)).toBeUndefined();
  });
});
