/**
 * `hoplens fix`: the rules written back flattened, in the input's own format. Round trips: fix's output re-read by the
 * same reader and re-linted has no chain; and served by a loopback server that answers as the rules say (a host
 * deploying them), checked live with `hoplens check`, no row has a `redirect_chain`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RuleFormat, readRules } from '../../src/inputs/index.js';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { all, chunked } from '../helpers/rule-items.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const dirPath = tempDirPerTest();

async function file(name: string, text: string): Promise<string> {
  const path = join(dirPath(), name);
  await writeFile(path, text);
  return path;
}

/** The kinds lint finds in a file (ndjson), so that a round trip can be re-linted. */
async function lintKinds(path: string, flags: string[] = []): Promise<string[]> {
  const { stdout } = await runCli(['lint', path, '--format', 'ndjson', ...flags]);
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line).kind);
}

const REDIRECTS = [
  '# moved twice', // 1
  '/a   /b   301   # first move', // 2
  '/b /c 301', // 3
  '/c /d', // 4
  '/keep /elsewhere 302', // 5: untouched
  '/blog/* /news/:splat', // 6: a splat, kept as it is
].join('\n');

describe('hoplens fix', () => {
  it('flattens a _redirects, keeping comments, layout and untouched rules; the output re-lints without chains', async () => {
    const path = await file('_redirects', `${REDIRECTS}\n`);
    expect(await lintKinds(path)).toEqual(['chain', 'chain']);
    const { code, stdout, stderr } = await runCli(['fix', path]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        '# moved twice',
        '/a   /d   301   # first move',
        '/b /d 301',
        '/c /d',
        '/keep /elsewhere 302',
        '/blog/* /news/:splat',
        '',
      ].join('\n'),
    );
    expect(stderr).toContain('2 rules pointed at the final destination');
    const fixed = await file('fixed_redirects', stdout);
    expect(await lintKinds(fixed)).toEqual([]);
  });

  it('writes the old → final map and leaves loops and self-redirects alone', async () => {
    const path = await file('_redirects', '/a /b\n/b /c\n/x /y\n/y /x\n/s /s\n');
    const map = join(dirPath(), 'map.csv');
    const output = join(dirPath(), 'out_redirects');
    const { code } = await runCli(['fix', path, '--output', output, '--map', map]);
    expect(code).toBe(0);
    expect(await readFile(output, 'utf8')).toBe('/a /c\n/b /c\n/x /y\n/y /x\n/s /s\n');
    expect(await readFile(map, 'utf8')).toBe('source,target\n/a,/c\n/b,/c\n');
  });

  it('gives a Cloudflare Pages rule with no status an explicit 301, since its default is 302', async () => {
    const path = await file('_redirects', '/a /b\n/b /c\n');
    const { stdout } = await runCli(['fix', path, '--variant', 'cloudflare-pages']);
    expect(stdout).toBe('/a /c 301\n/b /c\n');
  });

  it('flattens a netlify.toml in place', async () => {
    const toml =
      '# site\n[[redirects]]\nfrom = "/a"\nto = "/b"  # old\n\n[[redirects]]\nfrom = "/b"\nto = "/c"\nstatus = 301\n';
    const path = await file('netlify.toml', toml);
    const { stdout } = await runCli(['fix', path]);
    expect(stdout).toBe(toml.replace('to = "/b"  # old', 'to = "/c"  # old'));
    expect(await lintKinds(await file('fixed.toml', stdout), ['--input', 'netlify'])).toEqual([]);
  });

  it('flattens a vercel.json, keeping its layout and other keys', async () => {
    const json = [
      '{',
      '  "cleanUrls": true,',
      '  "redirects": [',
      '    { "source": "/a", "destination": "/b", "permanent": false },',
      '    { "source": "/b", "destination": "https://new.example/c" },',
      '    { "source": "/:slug", "destination": "/posts/:slug" }',
      '  ]',
      '}',
    ].join('\n');
    const path = await file('vercel.json', json);
    const { stdout, code } = await runCli(['fix', path]);
    expect(code).toBe(0);
    expect(stdout).toBe(json.replace('"destination": "/b"', '"destination": "https://new.example/c"'));
    expect(JSON.parse(stdout).redirects[0]).toEqual({
      source: '/a',
      destination: 'https://new.example/c',
      permanent: false,
    });
    expect(await lintKinds(await file('vercel.json', stdout))).toEqual([]);
  });

  it('flattens CSV inputs: hoplens csv, Shopify and Cloudflare bulk lists', async () => {
    const csv = await file('moves.csv', 'source,target,status,note\n/a,/b,301,"first, move"\n/b,/c,301,\n');
    expect((await runCli(['fix', csv])).stdout).toBe(
      'source,target,status,note\n/a,/c,301,"first, move"\n/b,/c,301,\n',
    );
    const shopify = await file('shopify.csv', 'Redirect from,Redirect to\n/a,/b\n/b,https://shop.example/c\n');
    expect((await runCli(['fix', shopify, '--input', 'shopify'])).stdout).toBe(
      'Redirect from,Redirect to\n/a,https://shop.example/c\n/b,https://shop.example/c\n',
    );
    const bulk = await file(
      'bulk.csv',
      'old.example/a,https://old.example/b\nold.example/b,https://new.example/c,301\n',
    );
    const fixed = await runCli(['fix', bulk, '--input', 'cloudflare']);
    expect(fixed.stdout).toBe('old.example/a,https://new.example/c\nold.example/b,https://new.example/c,301\n');
    expect(await lintKinds(await file('bulk2.csv', fixed.stdout), ['--input', 'cloudflare'])).toEqual([]);
  });

  it('takes the final URLs from a check report with --report', async () => {
    const path = await file('_redirects', '/a /b\n/c /d\n');
    const report = await file(
      'live.ndjson',
      [
        {
          line: 1,
          source: 'https://site.example/a',
          outcome: 'failed',
          finalUrl: 'https://site.example/b2',
          finalStatus: 200,
        },
        {
          line: 2,
          source: 'https://site.example/c',
          outcome: 'failed',
          finalUrl: 'https://site.example/404',
          finalStatus: 404,
        },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n'),
    );
    const missingBase = await runCli(['fix', path, '--report', report]);
    expect(missingBase.code).toBe(2);
    const { stdout } = await runCli(['fix', path, '--report', report, '--base-url', 'https://site.example']);
    // The 404 is no destination: that rule stays.
    expect(stdout).toBe('/a /b2\n/c /d\n');
  });

  it('overwrites its input only with --write', async () => {
    const path = await file('_redirects', '/a /b\n/b /c\n');
    const refused = await runCli(['fix', path, '--output', path]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('fix overwrites its input only with --write');
    expect(await readFile(path, 'utf8')).toBe('/a /b\n/b /c\n');
    expect((await runCli(['fix', path, '--write'])).code).toBe(0);
    expect(await readFile(path, 'utf8')).toBe('/a /c\n/b /c\n');
  });

  it('writes the fixed rules back in the encoding the file had: UTF-16 either way, a UTF-8 byte-order mark', async () => {
    // The byte-order marks of the Unicode Standard (ch. 23.8, U+FEFF): FF FE little-endian, FE FF big-endian, EF BB BF.
    const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
    const cases: Array<[string, (text: string) => Buffer]> = [
      ['utf-16le', (text) => Buffer.from(`\uFEFF${text}`, 'utf16le')],
      ['utf-16be', (text) => utf16be(`\uFEFF${text}`)],
      ['utf-8 with a byte-order mark', (text) => Buffer.from(`\uFEFF${text}`, 'utf8')],
      ['utf-8', (text) => Buffer.from(text, 'utf8')],
    ];
    for (const [name, encode] of cases) {
      const path = join(dirPath(), `_redirects-${name.replace(/\W/g, '-')}`);
      await writeFile(path, encode('/a /b\n/b /c\n'));
      const out = await runCli(['fix', path, '--input', 'netlify', '--write']);
      expect(out.code, `${name}: ${out.stderr}`).toBe(0);
      expect((await readFile(path)).equals(encode('/a /c\n/b /c\n')), name).toBe(true);
    }
  });

  it('writes apache, nginx, vercel-bulk, amplify and wordpress files given with --input', async () => {
    const inputs: Array<[string, string, string, string]> = [
      [
        'apache',
        'rules.htaccess',
        'Redirect 301 /a /b\nRedirect 301 /b /c\n',
        'Redirect 301 /a /c\nRedirect 301 /b /c\n',
      ],
      [
        'nginx',
        'site.conf',
        'location = /a { return 301 /b; }\nlocation = /b { return 301 /c; }\n',
        'location = /a { return 301 /c; }\nlocation = /b { return 301 /c; }\n',
      ],
      [
        'vercel-bulk',
        'bulk.csv',
        'source,destination,permanent\n/a,/b,true\n/b,/c,true\n',
        'source,destination,permanent\n/a,/c,true\n/b,/c,true\n',
      ],
      [
        'amplify',
        'amplify.json',
        '[{"source":"/a","target":"/b"},{"source":"/b","target":"/c"}]',
        '[{"source":"/a","target":"/c"},{"source":"/b","target":"/c"}]',
      ],
      ['wordpress', 'redirection.csv', 'source,target\n/a,/b\n/b,/c\n', 'source,target\n/a,/c\n/b,/c\n'],
    ];
    for (const [format, name, text, expected] of inputs) {
      const { code, stdout, stderr } = await runCli(['fix', '--input', format, await file(name, text)]);
      expect({ format, code, stdout }).toEqual({ format, code: 0, stdout: expected });
      expect(stderr).toContain('1 rule pointed at the final destination');
    }
  });

  it('lints and fixes a Redirect inside <Location>, whose one argument is its URL (it was skipped)', async () => {
    // https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect: inside <Location> the URL-path is left out.
    const text = '<Location "/old">\n  Redirect /new\n</Location>\nRedirect 301 /new /newer\n';
    const path = await file('.htaccess', text);
    const lint = await runCli(['lint', path]);
    expect(lint.stdout).toContain('.htaccess:2: warning chain: chain of 2 redirects: /old → /new → /newer');
    const { code, stdout } = await runCli(['fix', path]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: text.replace('Redirect /new', 'Redirect 301 /newer') });
  });

  it('lints and fixes a Redirect inside an <If> that holds for it and a RedirectMatch inside <Location> (they were skipped)', async () => {
    // https://httpd.apache.org/docs/2.4/expr.html: -strmatch is a wildcard match, here on the request's path, which
    // the rule's own source tells; https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirectmatch inside a
    // <Location> matches the whole path.
    const text = [
      `<If "%{REQUEST_URI} -strmatch '/old*'">`,
      '  Redirect 301 /old /new',
      '</If>',
      'Redirect 301 /new /newer',
      '<Location /docs>',
      '  RedirectMatch 301 ^/docs/a$ /new',
      '</Location>',
      '',
    ].join('\n');
    const path = await file('.htaccess', text);
    const lint = await runCli(['lint', path]);
    expect(lint.stdout).toContain('.htaccess:2: warning chain: chain of 2 redirects: /old → /new → /newer');
    expect(lint.stdout).toContain('.htaccess:6: warning chain: chain of 2 redirects: /docs/a → /new → /newer');
    const { code, stdout } = await runCli(['fix', path]);
    const fixed = text.replace('/old /new', '/old /newer').replace('^/docs/a$ /new', '^/docs/a$ /newer');
    expect({ code, stdout }).toEqual({ code: 0, stdout: fixed });
  });

  it('refuses a Screaming Frog report, saying why, and writes nothing for malformed rules', async () => {
    const report = await file('chains.csv', 'Address,Final Address\nhttps://a.example/x,https://a.example/y\n');
    const frog = await runCli(['fix', '--input', 'screaming-frog', report]);
    expect(frog.stderr).toContain('a Screaming Frog report lists the chains a crawl found, not rules to rewrite');
    expect(frog.stdout).toBe('');
    expect(frog.code).toBe(2);
    const bad = await runCli(['fix', await file('_redirects', '/a /b\n/x 301\n')]);
    expect(bad.stderr).toContain(':2: a rule with status 301 needs a target');
    expect(bad.stdout).toBe('');
    expect(bad.code).toBe(2);
  });
});

describe('hoplens fix, checked live', () => {
  /** The rules the server answers with: path → [status, location], set by each test (a host deploying a file). */
  let deployed = new Map<string, [number, string]>();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const rule = deployed.get((req.url ?? '/').replace(/\?.*/, ''));
      if (rule === undefined) res.writeHead(200, { 'content-type': 'text/html' });
      else res.writeHead(rule[0], { location: rule[1] });
      res.end();
    });
  });
  afterAll(async () => {
    await server.close();
  });
  const base = () => `http://site.test:${server.port}`;

  /** Deploys a rules text: its literal rules, read by hoplens's own reader for `format`. */
  async function deploy(text: string, format: RuleFormat = 'netlify'): Promise<void> {
    deployed = new Map();
    for (const item of await all(readRules(format, chunked(text), { baseUrl: `${base()}/` }))) {
      if (item.kind === 'row' && item.row.target !== undefined) {
        deployed.set(new URL(item.row.source).pathname, [item.row.status ?? 301, item.row.target]);
      }
    }
  }

  async function chainIssues(path: string, flags: string[] = []): Promise<number> {
    const { stdout } = await runCli(['check', path, '--base-url', base(), '--format', 'json', ...flags]);
    const rows = JSON.parse(stdout) as Array<{ issues: Array<{ type: string }> }>;
    expect(rows.length).toBeGreaterThan(0);
    return rows.filter((row) => row.issues.some((issue) => issue.type === 'redirect_chain')).length;
  }

  it('the fixed rules, deployed, have no redirect_chain where the original ones had', async () => {
    const original = await file('_redirects', '/a /b 301\n/b /c 301\n/c /d 308\n');
    await deploy(await readFile(original, 'utf8'));
    expect(await chainIssues(original)).toBe(2);
    const { stdout } = await runCli(['fix', original]);
    const fixed = await file('fixed_redirects', stdout);
    await deploy(stdout);
    expect(await chainIssues(fixed)).toBe(0);
  });

  it('the fixed apache and nginx rules, deployed, have no redirect_chain where the original ones had', async () => {
    const files: Array<[RuleFormat, string, string]> = [
      ['apache', '.htaccess', 'Redirect 301 /a /b\nRedirectPermanent /b /c\nRedirect temp /t /a\n'],
      [
        'nginx',
        'site.conf',
        'location = /a { return 301 /b; }\nlocation = /b { return 308 /c; }\nlocation = /t { return 302 /a; }\n',
      ],
    ];
    for (const [format, name, text] of files) {
      const original = await file(name, text);
      await deploy(text, format);
      expect(await chainIssues(original, ['--input', format])).toBe(2);
      const { stdout } = await runCli(['fix', original, '--input', format]);
      const fixed = await file(`fixed-${name}`, stdout);
      await deploy(stdout, format);
      expect(await chainIssues(fixed, ['--input', format])).toBe(0);
    }
  });
});
