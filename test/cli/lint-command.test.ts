/**
 * `hoplens lint`: offline findings on a rules file, in every output format, with check's exit statuses. No request is
 * made: the net tripwire (test/helpers/net-tripwire.ts) sees every connect attempt of this process, and the analyzer
 * factory counts any analyzer the command would create.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { installTripwire } from '../helpers/net-tripwire.js';

const tripwire = installTripwire();

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir();
  tripwire.reset();
});
afterEach(async () => {
  await dir.remove();
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir.path, name);
  await writeFile(path, text);
  return path;
}

const RULES = [
  '# a migration', // 1
  '/a /b 301', // 2 chain
  '/b /c 301', // 3
  '/loop1 /loop2', // 4 cycle
  '/loop2 /loop1', // 5
  '/temp https://other.example/c 302', // 6 temporary, other host
  '/blog/* /news/:splat', // 7 skipped
].join('\n');

/** Runs lint with an analyzer factory that counts, so that any analysis would be seen. */
async function lint(args: string[]) {
  let analyzers = 0;
  const outcome = await runCli(['lint', ...args], {
    analyzer: () => {
      analyzers++;
      throw new Error('lint must not analyse');
    },
  });
  return { ...outcome, analyzers };
}

describe('hoplens lint', () => {
  it('reports findings with file and line, exits 1 on an error, and makes no request', async () => {
    const path = await file('_redirects', RULES);
    const { code, stdout, analyzers } = await lint([path]);
    expect(stdout).toContain(`${path}:2: warning chain: chain of 2 redirects: /a → /b → /c`);
    expect(stdout).toContain(`${path}:4: error cycle: redirect loop: /loop1 → /loop2 → /loop1 (lines 4, 5)`);
    expect(stdout).toContain('Summary: 1 error, 1 warning; 5 rules linted, 1 rule skipped');
    expect(code).toBe(1);
    expect(analyzers).toBe(0);
    expect(tripwire.attempts).toEqual([]);
  });

  it('reports a literal rule that an earlier splat answers first, naming that line (read once from stdin too)', async () => {
    // Netlify docs, "Rule processing order" (docs.netlify.com/routing/redirects/): the first matching rule applies.
    const text = '/blog/*  /news/:splat\n/blog/old  /x\n';
    const path = await file('_redirects', text);
    const { stdout } = await lint([path]);
    expect(stdout).toContain(
      `${path}:2: warning shadowed: never applies: line 1 answers /blog/old first (→ /news/old)`,
    );
    const piped = await runCli(['lint', '-', '--input', 'netlify'], { stdin: text });
    expect(piped.stdout).toContain('stdin:2: warning shadowed: never applies: line 1 answers /blog/old first');
  });

  it('says of a rule that never applies only that: no not_in_sitemap for a destination nobody is sent to', async () => {
    const path = await file('_redirects', '/blog/*  /news/:splat\n/blog/old  /x\n/old  /y\n');
    const sitemap = await file('sitemap.xml', '<urlset><url><loc>https://new.example/z</loc></url></urlset>');
    const { stdout } = await lint([path, '--sitemap', sitemap]);
    expect(stdout).toContain(`${path}:2: warning shadowed: never applies`);
    expect(stdout).not.toContain(`${path}:2: error not_in_sitemap`);
    // A rule that does apply is still looked up.
    expect(stdout).toContain(`${path}:3: error not_in_sitemap: /y is not in the new site's sitemap`);
  });

  it('adds --migration, --same-host and --sitemap findings', async () => {
    const path = await file('_redirects', RULES);
    const sitemap = await file('sitemap.xml', '<urlset><url><loc>https://new.example/c</loc></url></urlset>');
    const { stdout } = await lint([path, '--migration', '--same-host', '--sitemap', sitemap]);
    expect(stdout).toContain(`${path}:6: warning temporary_move: temporary 302 for a permanent move: use 301`);
    expect(stdout).toContain(`${path}:6: error other_host: target on another host: other.example`);
    expect(stdout).toContain(
      `${path}:6: error not_in_sitemap: https://other.example/c is not in the new site's sitemap`,
    );
    // /c is listed (by path: the rules are paths), so /a's chain ends on a known page.
    expect(stdout).not.toMatch(/:[23]: error not_in_sitemap/);
  });

  it('exits 0 with no error finding, and 1 on warnings with --strict', async () => {
    const path = await file('_redirects', '/a /b\n/b /c\n');
    expect((await lint([path])).code).toBe(0);
    expect((await lint([path, '--strict'])).code).toBe(1);
  });

  it('reports malformed lines with their line and exits 2, linting the rest', async () => {
    const path = await file('_redirects', '/a /a\n/x 301\n');
    const { code, stdout, stderr } = await lint([path]);
    expect(stderr).toContain(`${path}:2: a rule with status 301 needs a target`);
    expect(stdout).toContain(`${path}:1: error self_redirect`);
    expect(code).toBe(2);
  });

  it('exits 0 with a note when every rule is skipped, 2 when there is none', async () => {
    const skipped = await lint([await file('_redirects', '/blog/* /news/:splat\n')]);
    expect(skipped.stderr).toContain('every rule was skipped (1)');
    expect(skipped.code).toBe(0);
    const empty = await lint([await file('_redirects', '# nothing\n')]);
    expect(empty.stderr).toContain('no rules to lint');
    expect(empty.code).toBe(2);
  });

  it('writes json and ndjson findings, the summary on stderr', async () => {
    const path = await file('_redirects', RULES);
    const json = await lint([path, '--format', 'json']);
    const findings = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(findings.map((f) => [f.line, f.kind, f.severity])).toEqual([
      [2, 'chain', 'warning'],
      [4, 'cycle', 'error'],
    ]);
    expect(findings[0]).toMatchObject({ file: path, source: '/a', target: '/b', suggestion: '/c', related: [3] });
    expect(json.stderr).toContain('Summary: 1 error, 1 warning');
    const ndjson = await lint([path, '--format', 'ndjson']);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).kind),
    ).toEqual(['chain', 'cycle']);
  });

  it('writes csv findings and a JUnit report with one case per rule, to --output', async () => {
    const path = await file('_redirects', RULES);
    const csv = await lint([path, '--format', 'csv']);
    expect(csv.stdout.split('\n').slice(0, 2)).toEqual([
      'line,severity,kind,source,target,suggestion,related,message',
      '2,warning,chain,/a,/b,/c,3,chain of 2 redirects: /a → /b → /c (line 3 redirects /b again); point it at /c',
    ]);
    const output = join(dir.path, 'lint.xml');
    const junit = await lint([path, '--format', 'junit', '--output', output]);
    expect(junit.stdout).toBe('');
    const { readFile } = await import('node:fs/promises');
    const xml = new XMLParser({ ignoreAttributes: false }).parse(await readFile(output, 'utf8'));
    const suite = xml.testsuites.testsuite;
    expect([suite['@_tests'], suite['@_failures'], suite['@_skipped']]).toEqual(['6', '1', '1']);
    const failed = suite.testcase.filter((c: Record<string, unknown>) => c.failure !== undefined);
    expect(failed.map((c: Record<string, string>) => c['@_line'])).toEqual(['4']);
    const chain = suite.testcase.find((c: Record<string, string>) => c['@_line'] === '2');
    expect(chain['system-out']).toContain('warning: chain: chain of 2 redirects');
  });

  it('reads every input format, a CSV and vercel.json too', async () => {
    const csv = await file('moves.csv', 'source,target\n/a,/b\n/b,/c\n/a,/b\n');
    const out = await lint([csv, '--format', 'ndjson']);
    expect(
      out.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).kind),
    ).toEqual(['chain', 'duplicate']);
    const vercel = await file('vercel.json', '{"redirects": [\n{"source": "/x", "destination": "/x"}\n]}');
    expect((await lint([vercel])).stdout).toContain(`${vercel}:2: error self_redirect`);
  });

  it('refuses an --output that is the input, and --variant on another format', async () => {
    const path = await file('_redirects', RULES);
    const same = await lint([path, '--output', path]);
    expect(same.stderr).toContain('is an input of the lint');
    expect(same.code).toBe(2);
    const variant = await lint([await file('vercel.json', '{"redirects":[]}'), '--variant', 'cloudflare-pages']);
    expect(variant.code).toBe(2);
  });
});
