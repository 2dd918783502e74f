/**
 * A rules file of a format read whole (nginx, Apache, Netlify, Vercel) is parsed once per command: the rows, the
 * matcher that finds shadowed rules and check's chains between rules all come from one parse (issue 24, "The file is
 * parsed once, not once for shadowing and again for rows"). Counted at the seam every reading goes through, the
 * format's own `parse` in the format table (src/inputs/formats/spec.ts), and for vercel.json at JSON.parse itself:
 * before, lint parsed a vercel.json twice (rows, then the matcher) and check four times (the run's rows and matcher,
 * then both again for the chains).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RuleFormatSpec } from '../../src/inputs/formats/spec.js';
import { FORMAT_TABLE, type RuleFormat } from '../../src/inputs/index.js';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { ruleFileServer } from '../helpers/rule-file-cases.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(ruleFileServer);
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const dirPath = tempDirPerTest();

/** Per format: a file name and its text: a pattern shadowing a literal rule (line 2), `/old` right, `/a` → `/b` → `/c`. */
const FILES: ReadonlyArray<[RuleFormat, string, string]> = [
  ['netlify', '_redirects', '/blog/*  /news/:splat\n/blog/old  /x\n/old  /new\n/a  /b\n/b  /c\n'],
  [
    'netlify',
    'netlify.toml',
    [
      ['/blog/*', '/news/:splat'],
      ['/blog/old', '/x'],
      ['/old', '/new'],
      ['/a', '/b'],
      ['/b', '/c'],
    ]
      .map(([from, to]) => `[[redirects]]\nfrom = "${from}"\nto = "${to}"\n`)
      .join(''),
  ],
  [
    'vercel',
    'vercel.json',
    JSON.stringify(
      {
        redirects: [
          { source: '/blog/:slug', destination: '/news/:slug', permanent: true },
          { source: '/blog/old', destination: '/x', statusCode: 301 },
          { source: '/old', destination: '/new', statusCode: 301 },
          { source: '/a', destination: '/b', statusCode: 301 },
          { source: '/b', destination: '/c', statusCode: 301 },
        ],
      },
      null,
      2,
    ),
  ],
  [
    'apache',
    '.htaccess',
    'RedirectMatch 301 ^/blog/(.*)$ /news/$1\nRedirect 301 /blog/old /x\nRedirect 301 /old /new\nRedirect 301 /a /b\nRedirect 301 /b /c\n',
  ],
  [
    'nginx',
    'nginx.conf',
    [
      'server {',
      '  rewrite ^/blog/(.*)$ /news/$1 permanent;',
      '  location = /blog/old { return 301 /x; }',
      '  location = /old { return 301 /new; }',
      '  location = /a { return 301 /b; }',
      '  location = /b { return 301 /c; }',
      '}',
    ].join('\n'),
  ],
];

async function file(name: string, text: string): Promise<string> {
  const path = join(dirPath(), name);
  await writeFile(path, text);
  return path;
}

/** Counts the calls of a format's parse, the one way the readers, lint, fix and the matchers parse its text. */
function countParses(format: RuleFormat) {
  return vi.spyOn(FORMAT_TABLE[format] as Required<RuleFormatSpec>, 'parse');
}

describe('a rules file is parsed once', () => {
  it.each(FILES)('%s (%s): lint finds the shadowed rule and the chain from one parse', async (format, name, text) => {
    const path = await file(name, text);
    const parses = countParses(format);
    const { stdout } = await runCli(['lint', path]);
    expect(stdout).toMatch(/shadowed: never applies: line \d+ answers \/blog\/old first/);
    expect(stdout).toMatch(/chain: chain of 2 redirects: \/a → \/b → \/c/);
    expect(parses).toHaveBeenCalledTimes(1);
  });

  it.each(FILES)(
    '%s (%s): check skips the shadowed rule and explains the chain from one parse',
    async (format, name, text) => {
      const path = await file(name, text);
      const parses = countParses(format);
      const { stdout } = await runCli(['check', path, '--base-url', `http://site.test:${server.port}`]);
      // /old passes; /a fails (404), explained by the chain; /b fails; /blog/old is not checked.
      expect(stdout).toMatch(/3 rows checked .*: 1 passed, 2 failed/);
      expect(stdout).toContain('the rules chain');
      expect(parses).toHaveBeenCalledTimes(1);
    },
  );

  it.each(FILES)('%s (%s): fix flattens the chain from one parse', async (format, name, text) => {
    const path = await file(name, text);
    const parses = countParses(format);
    const { code, stderr } = await runCli(['fix', path]);
    expect(stderr).toContain('1 rule pointed at the final destination');
    expect(code).toBe(0);
    // The input once; the fixed text is read back once, to say on which lines a status changed.
    expect(parses.mock.calls.filter(([arg]) => arg === text)).toHaveLength(1);
    expect(parses.mock.calls.filter(([arg]) => arg !== text).length).toBeLessThanOrEqual(1);
  });

  it('check explains the chain of a rules file on standard input too: it is read once, for the chains and the run', async () => {
    const [, , text] = FILES[0]!;
    const parses = countParses('netlify');
    const { stdout } = await runCli(
      ['check', '-', '--input', 'netlify', '--base-url', `http://site.test:${server.port}`],
      {
        stdin: text,
      },
    );
    expect(stdout).toMatch(/3 rows checked .*: 1 passed, 2 failed/);
    expect(stdout).toContain('the rules chain');
    expect(parses).toHaveBeenCalledTimes(1);
  });

  it('a vercel.json goes through JSON.parse once in lint, check and fix', async () => {
    const [, name, text] = FILES.find(([, fileName]) => fileName === 'vercel.json')!;
    const path = await file(name, text);
    const parse = vi.spyOn(JSON, 'parse');
    const ofFile = () => parse.mock.calls.filter(([arg]) => arg === text).length;
    await runCli(['lint', path]);
    expect(ofFile()).toBe(1);
    parse.mockClear();
    await runCli(['check', path, '--base-url', `http://site.test:${server.port}`]);
    expect(ofFile()).toBe(1);
    parse.mockClear();
    await runCli(['fix', path]);
    expect(ofFile()).toBe(1);
  });
});
