/**
 * `hoplens check` on every redirect-rule format, live: each file's rules are checked against a loopback server that
 * answers their sources, some as the rules say and some not, so that each format's rows pass and fail for real.
 * The formats' own rules are tested in test/rules/.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const moves: Record<string, [number, string]> = {
      '/old': [301, '/new'],
      '/temp': [302, '/new'],
      '/p307': [307, '/new'],
      '/p308': [308, '/new'],
    };
    const path = (req.url ?? '').replace(/\?.*/, '');
    const move = moves[path];
    if (move !== undefined) res.writeHead(move[0], { location: move[1] });
    else res.writeHead(path === '/new' ? 200 : path === '/gone' ? 410 : 404);
    res.end();
  });
});
afterAll(async () => {
  await server.close();
});

const dirPath = tempDirPerTest();

const base = () => `http://site.test:${server.port}`;
async function file(name: string, text: string): Promise<string> {
  const path = join(dirPath(), name);
  await writeFile(path, text);
  return path;
}

/** Per format: a file name, its text (one rule right, one wrong, maybe one skipped), extra flags. */
const CASES: Array<[string, string, () => string, string[]]> = [
  ['netlify', '_redirects', () => '/old /new 301\n/temp /new 301  # wrong: 302\n/blog/* /news/:splat\n', []],
  [
    'netlify (toml)',
    'netlify.toml',
    () => '[[redirects]]\nfrom = "/old"\nto = "/new"\n[[redirects]]\nfrom = "/temp"\nto = "/new"\nstatus = 308\n',
    [],
  ],
  ['netlify (cloudflare-pages)', '_redirects', () => '/temp /new\n/old /new\n', ['--variant', 'cloudflare-pages']],
  [
    'vercel',
    'vercel.json',
    () =>
      JSON.stringify({
        redirects: [
          { source: '/p308', destination: '/new' },
          { source: '/old', destination: '/new', permanent: true },
          { source: '/blog/:slug', destination: '/news/:slug' },
        ],
      }),
    [],
  ],
  [
    'cloudflare',
    'bulk.csv',
    () => `site.test:${server.port}/old,${base()}/new\nsite.test:${server.port}/temp,${base()}/new,301\n`,
    ['--input', 'cloudflare'],
  ],
  ['apache', '.htaccess', () => 'Redirect 301 /old /new\nRedirect 301 /temp /new\nRedirectMatch ^/(.*)$ /x/$1\n', []],
  [
    'nginx',
    'site.conf',
    () => 'server {\n location = /old { return 301 /new; }\n location /temp { return 308 /new; }\n}\n',
    [],
  ],
  ['shopify', 'redirects.csv', () => 'Redirect from,Redirect to\n/old,/new\n/temp,/new\n', ['--input', 'shopify']],
  [
    'wordpress',
    'redirection.json',
    () =>
      JSON.stringify({
        redirects: [
          { url: '/old', action_code: 301, action_type: 'url', action_data: { url: '/new' }, match_type: 'url' },
          { url: '/p307', action_code: 308, action_type: 'url', action_data: { url: '/new' }, match_type: 'url' },
        ],
      }),
    ['--input', 'wordpress'],
  ],
  [
    'screaming-frog',
    'redirect_chains.csv',
    () => `Address,Final Address\n${base()}/old,${base()}/new\n${base()}/temp,${base()}/elsewhere\n`,
    ['--input', 'screaming-frog'],
  ],
  [
    'vercel-bulk',
    'bulk.csv',
    () => 'source,destination,permanent\n/p307,/new,f\n/p308,/new,f\n',
    ['--input', 'vercel-bulk'],
  ],
  [
    'amplify',
    'rules.json',
    () =>
      '[{"source": "/old", "target": "/new", "status": "301"}, {"source": "/temp", "target": "/new", "status": "301"}]',
    ['--input', 'amplify'],
  ],
];

describe('hoplens check on redirect-rule files', () => {
  it.each(CASES)('%s: checks the literal rules live, one passing and one failing', async (_, name, text, flags) => {
    const path = await file(name, text());
    const { code, stdout } = await runCli(['check', path, '--base-url', base(), ...flags]);
    expect(stdout).toMatch(/2 rows checked .*: 1 passed, 1 failed, 0 errored/);
    expect(code).toBe(1);
  });

  it('exits 0 with a note when every rule is skipped', async () => {
    const path = await file('_redirects', '/blog/* /news/:splat\n/a/:id /b/:id\n');
    const { code, stderr } = await runCli(['check', path, '--base-url', base()]);
    expect(stderr).toContain('every rule was skipped (2); no rows to check');
    expect(code).toBe(0);
  });

  it('reports malformed rules with their line, checks the rest, and exits 2', async () => {
    const path = await file('_redirects', '/old /new\n/x 301\n/y not-a-target\n');
    const { code, stdout, stderr } = await runCli(['check', path, '--base-url', base()]);
    expect(`${stdout}${stderr}`).toContain('_redirects:2: a rule with status 301 needs a target');
    expect(`${stdout}${stderr}`).toContain('_redirects:3: the target must start with');
    expect(stdout).toMatch(/1 rows? checked .*: 1 passed/);
    expect(code).toBe(2);
  });

  it('needs --base-url for path rules, and --variant only for netlify input', async () => {
    const htaccess = await file('.htaccess', 'Redirect 301 /old /new\n');
    expect((await runCli(['check', htaccess])).stderr).toContain('--base-url is required to check an apache file');
    const result = await runCli(['check', htaccess, '--base-url', base(), '--variant', 'cloudflare-pages']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--variant applies to netlify (_redirects) input only');
  });
});
