/**
 * Every command of the installed executable, run against loopback servers, checking what it did (the rows it
 * checked, the rules it wrote, the hop it rendered): the bundle in dist/cli-chunks/ is what users run, and the
 * in-process tests in test/cli/ do not run it. Registered by test/install/pack-install.test.ts, which installs once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDING_TYPES } from '../../src/formats/finding-help.js';
import { type ReportData, unpackRows } from '../../src/report/index.js';
import { type LinkServer, startLinkServer } from '../crawl-files/link-server.js';
import { type ChangingSite, type ModelPage, startChangingSite } from '../helpers/changing-site.js';
import { ROOT } from '../helpers/cli.js';
import { callTool, closeMcpClients, startMcpClient } from '../helpers/mcp-client.js';
import { ruleFileCases, ruleFileServer } from '../helpers/rule-file-cases.js';
import { validateSarif } from '../helpers/sarif-schema.js';
import { type Handler, startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';
import { parseAnnotations } from '../helpers/workflow-commands.js';
import { type Installed, installedBin, ndjsonRows, runInstalled } from './installed-package.js';

/** A sitemap listing `urls` (sitemaps.org/protocol.html: a `<urlset>` of `<url><loc>`). */
function sitemap(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${url}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>\n`;
}

/**
 * One site for every command: `/old/N` → 301 → `/new/N` (200), `/blog/X` → 301 → `/news/X`, a page that moves on by
 * script (`/js`) and sitemaps of its own URLs. `{origin}` in a body is the server's origin.
 */
function site(
  request: { url?: string | undefined },
  origin: string,
): { status: number; headers: Record<string, string>; body: string } {
  const path = request.url ?? '/';
  const moved = /^\/(old|blog)\/(\w+)$/.exec(path);
  if (moved !== null)
    return { status: 301, headers: { location: `/${moved[1] === 'old' ? 'new' : 'news'}/${moved[2]}` }, body: '' };
  if (/^\/(new|news)\/\w+$/.test(path) || path === '/landed') {
    return { status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>here</title>' };
  }
  if (path === '/js') {
    // A redirect only a browser makes: what --render follows (docs/api.md, "Rendering").
    const html = `<!doctype html><title>moving</title><script>location.replace('/landed')</script>`;
    return { status: 200, headers: { 'content-type': 'text/html' }, body: html };
  }
  if (path === '/parked') {
    // Sedo's parking lander, as the labelled corpus has it (test/fixtures/parked-domains/parked.json, sedo-1).
    const html = `<!doctype html><title>Resources and Information.</title><script src="https://img.sedoparking.com/templates/brick/84/js/min.js"></script>`;
    return { status: 200, headers: { 'content-type': 'text/html' }, body: html };
  }
  if (path === '/walled') {
    // Cloudflare's challenge: https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response
    const headers = { server: 'cloudflare', 'cf-mitigated': 'challenge', 'content-type': 'text/html' };
    return { status: 403, headers, body: '<!DOCTYPE html><title>Just a moment...</title>' };
  }
  if (path === '/sitemap.xml') {
    const body = sitemap([1, 2, 3].map((n) => `${origin}/new/${n}`));
    return { status: 200, headers: { 'content-type': 'application/xml' }, body };
  }
  if (path === '/samples.xml') {
    const body = sitemap(['a', 'b'].map((slug) => `${origin}/blog/${slug}`));
    return { status: 200, headers: { 'content-type': 'application/xml' }, body };
  }
  return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
}

/** How many `hoplens explain` processes run at once. */
const EXPLAIN_BATCH = 6;

/** Rows checked faster than the polite defaults: one loopback server, no retries. */
const FAST = ['--concurrency', '8', '--per-host', '8', '--retries', '0'];

export function describeInstalledCommands(installed: () => Installed): void {
  /** The paths the servers were asked for, for the tests that count requests (--cache, --resume, --include). */
  const served: string[] = [];
  let plain: TestServer;
  let secure: TestServer;
  let caFile: string;
  let dir: string;

  beforeAll(async () => {
    const pki = createTestPki('127.0.0.1');
    let plainOrigin = '';
    let secureOrigin = '';
    const handler =
      (origin: () => string): Handler =>
      (req, res) => {
        served.push(req.url ?? '/');
        const answer = site(req, origin());
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      };
    plain = await startServer(handler(() => plainOrigin));
    plainOrigin = plain.origin;
    secure = await startHttpsServer(
      handler(() => secureOrigin),
      pki.valid,
    );
    secureOrigin = secure.origin;
    dir = installed().work;
    caFile = join(dir, 'test-ca.pem');
    await writeFile(caFile, pki.ca);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), secure?.close()]);
  });

  async function file(name: string, text: string): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  }

  // Issue 46: a bot wall is inconclusive, a parked target fails though it answers 200 (docs/issues.md).
  describe('walls and parked domains, installed', () => {
    it('check: the walled row is inconclusive, the parked one failed, and the run exits 1', async () => {
      const list = await file(
        'issue46.txt',
        ['/old/1', '/parked', '/walled'].map((path) => plain.origin + path).join('\n'),
      );
      const result = await runInstalled(installed(), ['check', list, '--format', 'ndjson', ...FAST]);
      const rows = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((row) => row.source !== undefined);
      expect(rows.map((row) => [new URL(row.source).pathname, row.outcome])).toEqual([
        ['/old/1', 'passed'],
        ['/parked', 'failed'],
        ['/walled', 'inconclusive'],
      ]);
      expect(rows[1].reasons.join('\n')).toContain("Sedo's parking page (loads img.sedoparking.com)");
      expect(result.code).toBe(1);
    });
  });

  // docs/cutover.md: curl's --resolve and --connect-to (https://curl.se/docs/manpage.html#--resolve), -H and
  // --request-cookie, and hoplens variants, from the installed executable; the names resolve nowhere but by the flags.
  describe('the cutover flags and hoplens variants, installed', () => {
    it('--resolve, -H and --request-cookie: a name that resolves nowhere reaches the server, with the headers', async () => {
      const before = plain.received.length;
      const url = `http://www.cutover.test:${plain.port}/old/1`;
      const result = await runInstalled(installed(), [
        url,
        '--json',
        '--no-robots',
        '--resolve',
        `www.cutover.test:${plain.port}:127.0.0.1`,
        '-H',
        'X-Preview: yes',
        '--request-cookie',
        'preview=1',
      ]);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).summary.finalUrl).toBe(`http://www.cutover.test:${plain.port}/new/1`);
      const seen = plain.received.slice(before);
      expect(
        seen.map((request) => [request.headers.host, request.headers['x-preview'], request.headers.cookie]),
      ).toEqual([
        [`www.cutover.test:${plain.port}`, 'yes', 'preview=1'],
        [`www.cutover.test:${plain.port}`, 'yes', 'preview=1'],
      ]);
      const refused = await runInstalled(installed(), [url, '-H', 'Host: elsewhere.test']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--header must not set Host');
    });

    it('--connect-to and hoplens variants --format json: the grid of every variant', async () => {
      const result = await runInstalled(installed(), [
        'variants',
        'http://www.cutover.test/new/1',
        '--format',
        'json',
        '--no-robots',
        '--connect-to',
        `::127.0.0.1:${plain.port}`,
      ]);
      const report = JSON.parse(result.stdout) as { canonical: string; grid: { variant: string }[] };
      expect(report.canonical).toBe('http://www.cutover.test/new/1');
      expect(report.grid.map((row) => row.variant)).toContain('googlebot-smartphone');
      // Fourteen: the last is the as-browser row (http:// in a browser that knows the HSTS the others heard).
      expect(report.grid).toHaveLength(14);
      expect(report.grid.at(-1)?.variant).toBe('as-browser');
      // The https variant meets a plain-HTTP server: not consolidated, an error finding, exit 1.
      expect(result.code).toBe(1);
    });

    it('check --variants --format csv: every row of a list gets its grid, with its line and source', async () => {
      const list = await file('variants.txt', 'http://www.cutover.test/new/1\nhttp://www.cutover.test/new/2\n');
      const result = await runInstalled(installed(), [
        'check',
        list,
        '--variants',
        '--format',
        'csv',
        '--no-robots',
        '--connect-to',
        `::127.0.0.1:${plain.port}`,
      ]);
      const lines = result.stdout.trim().split('\n');
      expect(lines[0]).toBe(
        'line,source,variant,change,url,method,chain,final_url,final_status,redirects,error,findings',
      );
      // Fourteen variants per row (the default port written out among them, as-browser last), the URL as given first.
      expect(lines).toHaveLength(1 + 2 * 14);
      expect(lines[1]).toMatch(/^1,http:\/\/www\.cutover\.test\/new\/1,given,/);
      expect(lines[15]).toMatch(/^2,http:\/\/www\.cutover\.test\/new\/2,given,/);
      expect(result.code).toBe(1);
      const help = await runInstalled(installed(), ['check', '--help']);
      expect(help.stdout).toContain('--variants');
      expect(help.stdout).toMatch(/unlike\s+--variant\s+<host>/);
    });
  });

  describe('hoplens check, installed', () => {
    it('checks a CSV file: each row against its expected target and status', async () => {
      const csv = await file(
        'redirects.csv',
        `source,target,status\n${plain.origin}/old/1,/new/1,301\n${plain.origin}/old/2,/new/9,301\n`,
      );
      const result = await runInstalled(installed(), ['check', csv, '--format', 'ndjson', ...FAST]);
      const rows = ndjsonRows(result.stdout);
      expect(rows.map((row) => [row.source, row.outcome])).toEqual([
        [`${plain.origin}/old/1`, 'passed'],
        [`${plain.origin}/old/2`, 'failed'],
      ]);
      expect(result.code).toBe(1);
    });

    // The HTML report (docs/cli.md, "HTML report"): one file with its data, script and styles inline, nothing to
    // fetch; `report html` makes the same file from an ndjson report. The view itself is tested in Chromium in
    // test/report/html-report.test.ts; here, that the installed bundle carries the view and writes the data.
    it('check --format html and report html write a self-contained report of every row', async () => {
      const csv = await file(
        'html-report.csv',
        `source,target,status\n${plain.origin}/old/1,/new/1,301\n${plain.origin}/old/2,/new/9,301\n`,
      );
      const embedded = async (path: string) => {
        const html = await readFile(path, 'utf8');
        expect(html).toMatch(/^<!doctype html>/i);
        // Self-contained: no script, style or image from anywhere.
        expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
        expect(html).toContain('id="hoplens-data"');
        const data = html.match(/<script type="application\/json" id="hoplens-data">([\s\S]*?)<\/script>/)![1]!;
        return unpackRows(JSON.parse(data) as ReportData);
      };
      const html = join(dir, 'report.html');
      const checked = await runInstalled(installed(), ['check', csv, '--format', 'html', '--output', html, ...FAST]);
      expect(checked.code).toBe(1);
      const fromCheck = await embedded(html);
      expect(fromCheck.map((row) => row.source).sort()).toEqual([`${plain.origin}/old/1`, `${plain.origin}/old/2`]);

      const ndjson = join(dir, 'report-rows.ndjson');
      await runInstalled(installed(), ['check', csv, '--format', 'ndjson', '--output', ndjson, ...FAST]);
      const again = join(dir, 'again.html');
      const made = await runInstalled(installed(), ['report', 'html', ndjson, '--output', again]);
      expect(made.code, made.stderr).toBe(1);
      expect(await embedded(again)).toHaveLength(2);
    });

    it('checks a URL list from standard input', async () => {
      const input = `${plain.origin}/new/1\n${plain.origin}/missing\n`;
      const result = await runInstalled(installed(), ['check', '-', '--input', 'list', '--format', 'ndjson', ...FAST], {
        input,
      });
      expect(ndjsonRows(result.stdout).map((row) => row.outcome)).toEqual(['passed', 'failed']);
      expect(result.code).toBe(1);
    });

    it('checks a sitemap fetched over http: every URL it lists is a row', async () => {
      const result = await runInstalled(installed(), [
        'check',
        `${plain.origin}/sitemap.xml`,
        '--format',
        'ndjson',
        ...FAST,
      ]);
      expect(result.stderr).not.toMatch(/cannot fetch/);
      const rows = ndjsonRows(result.stdout);
      expect(rows.map((row) => [row.source, row.outcome])).toEqual(
        [1, 2, 3].map((n) => [`${plain.origin}/new/${n}`, 'passed']),
      );
      expect(result.code).toBe(0);
    });

    // --ca is trusted for the sitemap's own fetch as for the rows' chains; without it, the fetch is refused.
    it('checks a sitemap fetched over https from a server whose CA is given with --ca', async () => {
      const untrusted = await runInstalled(installed(), ['check', `${secure.origin}/sitemap.xml`, ...FAST]);
      expect(untrusted.stderr).toMatch(/cannot fetch .*sitemap\.xml/);
      expect(untrusted.code).toBe(2);
      const result = await runInstalled(installed(), [
        'check',
        `${secure.origin}/sitemap.xml`,
        '--ca',
        caFile,
        '--format',
        'ndjson',
        ...FAST,
      ]);
      expect(result.stderr).not.toMatch(/cannot fetch|certificate/);
      const rows = ndjsonRows(result.stdout);
      expect(rows.map((row) => [row.source, row.outcome])).toEqual(
        [1, 2, 3].map((n) => [`${secure.origin}/new/${n}`, 'passed']),
      );
      expect(result.code).toBe(0);
    });

    it("tests a rules file's patterns with the samples of a sitemap URL (--samples)", async () => {
      const rules = await file('_redirects', '/blog/*  /news/:splat  301\n');
      const result = await runInstalled(installed(), [
        'check',
        rules,
        '--samples',
        `${plain.origin}/samples.xml`,
        '--base-url',
        plain.origin,
        '--format',
        'ndjson',
        ...FAST,
      ]);
      expect(result.stderr).not.toMatch(/cannot fetch/);
      const rows = ndjsonRows(result.stdout);
      expect(rows.map((row) => [row.target, row.outcome])).toEqual([
        [`${plain.origin}/news/a`, 'passed'],
        [`${plain.origin}/news/b`, 'passed'],
      ]);
      expect(result.code).toBe(0);
    });

    it('report merge makes the shards of a run one report with every row', async () => {
      const list = await file('urls.txt', [1, 2, 3, 4].map((n) => `${plain.origin}/new/${n}`).join('\n'));
      const shards: string[] = [];
      for (const k of [1, 2]) {
        const output = join(dir, `shard-${k}.ndjson`);
        const shard = await runInstalled(installed(), [
          'check',
          list,
          '--shard',
          `${k}/2`,
          '--format',
          'ndjson',
          '-o',
          output,
          ...FAST,
        ]);
        expect(shard.code).toBe(0);
        shards.push(output);
      }
      const merged = await runInstalled(installed(), ['report', 'merge', ...shards]);
      expect(merged.code).toBe(0);
      expect(ndjsonRows(merged.stdout).map((row) => row.source)).toEqual(
        [1, 2, 3, 4].map((n) => `${plain.origin}/new/${n}`),
      );
    });
  });

  describe('hoplens check runs: --cache, --resume, --include/--exclude, installed', () => {
    const rowsServed = () => served.filter((path) => /^\/(old|new)\//.test(path));

    it('--cache answers a repeated run from the cache, without a request, marking its rows cached', async () => {
      const list = await file('cached.txt', [1, 2, 3].map((n) => `${plain.origin}/old/${n}`).join('\n'));
      const cache = join(dir, 'runs.cache');
      const first = await runInstalled(installed(), ['check', list, '--format', 'ndjson', '--cache', cache, ...FAST]);
      expect(first.code).toBe(0);
      served.length = 0;
      const args = ['check', list, '--format', 'ndjson', '--cache', cache, '--max-cache-age', '1h', ...FAST];
      const second = await runInstalled(installed(), args);
      expect(second.code).toBe(0);
      expect(rowsServed()).toEqual([]);
      expect(ndjsonRows(second.stdout).map((row) => typeof row.cached)).toEqual(['string', 'string', 'string']);
      expect(second.stderr).toContain('3 from the cache');
    });

    it('--resume continues an interrupted report; the same command without it refuses', async () => {
      const list = await file('resumed.txt', [1, 2, 3].map((n) => `${plain.origin}/new/${n}`).join('\n'));
      const report = join(dir, 'resumed.ndjson');
      const whole = await runInstalled(installed(), ['check', list, '--format', 'ndjson', ...FAST]);
      // The report of a run interrupted after its first row: that row, then the closing record saying so.
      const firstRow = whole.stdout.split('\n')[0]!;
      await writeFile(report, `${firstRow}\n{"kind":"summary","interrupted":true,"unchecked":2}\n`);
      const refused = await runInstalled(installed(), ['check', list, '--format', 'ndjson', '-o', report, ...FAST]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--force');
      served.length = 0;
      const resumed = await runInstalled(installed(), ['check', list, '--resume', report, ...FAST]);
      expect(resumed.code).toBe(0);
      expect(rowsServed().sort()).toEqual(['/new/2', '/new/3']);
      const rows = ndjsonRows(await readFile(report, 'utf8'));
      expect(rows.map((row) => row.source)).toEqual([1, 2, 3].map((n) => `${plain.origin}/new/${n}`));
      expect(resumed.stdout).toContain('Summary: 3 rows checked');
    });

    it('--include and --exclude check the rows their URL patterns choose', async () => {
      const list = await file('subset.txt', [1, 2, 3].map((n) => `${plain.origin}/new/${n}`).join('\n'));
      const args = ['check', list, '--format', 'ndjson', ...FAST];
      const result = await runInstalled(installed(), [
        ...args,
        '--include',
        `${plain.origin}/new/*`,
        '--exclude',
        `${plain.origin}/new/2`,
      ]);
      expect(result.code).toBe(0);
      expect(ndjsonRows(result.stdout).map((row) => row.source)).toEqual([1, 3].map((n) => `${plain.origin}/new/${n}`));
    });
  });

  describe('hoplens check on every rule format, installed', () => {
    let rules: TestServer;
    beforeAll(async () => {
      rules = await startServer(ruleFileServer);
    });
    afterAll(async () => {
      await rules?.close();
    });

    // Each format's reader is its own module of the bundle: one left out fails only here.
    it.each(ruleFileCases(() => `127.0.0.1:${rules.port}`))(
      '%s: the literal rules checked live, one passing and one failing',
      async (label, name, text, flags) => {
        // Each in a folder of its own: the file's name is what tells its format.
        const folder = join(dir, `rules-${label.replace(/\W+/g, '-')}`);
        await mkdir(folder, { recursive: true });
        const path = join(folder, name);
        await writeFile(path, text());
        const args = ['check', path, '--base-url', rules.origin, '--format', 'ndjson', ...FAST, ...flags];
        const result = await runInstalled(installed(), args);
        const outcomes = ndjsonRows(result.stdout).map((row) => row.outcome);
        expect(outcomes.sort(), result.stderr).toEqual(['failed', 'passed']);
        expect(result.code).toBe(1);
      },
    );
  });

  describe('hoplens lint and fix, installed', () => {
    it('lint reports a chain of rules, naming both lines', async () => {
      const rules = await file('chain-_redirects', '/a  /b  301\n/b  /c  301\n');
      const result = await runInstalled(installed(), ['lint', rules, '--input', 'netlify', '--format', 'ndjson']);
      const findings = ndjsonRows(result.stdout);
      expect(findings).toMatchObject([{ kind: 'chain', line: 1, related: [2], suggestion: '/c' }]);
    });

    // The CI formats, from the packed executable: a GitHub runner's annotations and job summary, SARIF (valid
    // against the OASIS schema in test/fixtures), GitLab's Code Quality report and Markdown by --report, and
    // fix --check. Authorities cited in test/cli/ci-formats.test.ts.
    it('lint annotates a chain on its line on a GitHub runner, and writes sarif, gitlab and markdown reports', async () => {
      await mkdir(join(dir, 'ci', 'public'), { recursive: true });
      const rules = join(dir, 'ci', 'public', '_redirects');
      await writeFile(rules, '/x  /y  301\n/a  /b  301\n/b  /c  301\n');
      const summary = join(dir, 'ci', 'summary.md');
      const reports = ['sarif', 'gitlab', 'markdown'].flatMap((f) => [
        '--report',
        `${f}=${join(dir, 'ci', `lint.${f}`)}`,
      ]);
      const env = { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: join(dir, 'ci'), GITHUB_STEP_SUMMARY: summary };
      const result = await runInstalled(installed(), ['lint', rules, ...reports], { env });
      expect(result.code).toBe(0);
      const warnings = parseAnnotations(result.stdout).filter((c) => c.command === 'warning');
      expect(warnings.map((w) => [w.properties.file, w.properties.line])).toEqual([['public/_redirects', '2']]);
      expect(await readFile(summary, 'utf8')).toContain('hoplens lint');
      const sarif = JSON.parse(await readFile(join(dir, 'ci', 'lint.sarif'), 'utf8'));
      expect(validateSarif(sarif), JSON.stringify(validateSarif.errors)).toBe(true);
      expect(sarif.runs[0].results[0].locations[0].physicalLocation.region.startLine).toBe(2);
      const gitlab = JSON.parse(await readFile(join(dir, 'ci', 'lint.gitlab'), 'utf8'));
      expect(gitlab).toMatchObject([
        { check_name: 'chain', location: { path: 'public/_redirects', lines: { begin: 2 } } },
      ]);
      expect(await readFile(join(dir, 'ci', 'lint.markdown'), 'utf8')).toContain('`public/_redirects:2`');
    });

    it('check --format sarif and gitlab locate a failing CSV row on its line', async () => {
      const csv = await file(
        'ci-moves.csv',
        `source,target\n${plain.origin}/old/1,/new/1\n${plain.origin}/old/2,/new/9\n`,
      );
      for (const format of ['sarif', 'gitlab']) {
        const result = await runInstalled(installed(), ['check', csv, '--format', format, ...FAST]);
        expect(result.code).toBe(1);
        const doc = JSON.parse(result.stdout);
        if (format === 'sarif') {
          expect(validateSarif(doc), JSON.stringify(validateSarif.errors)).toBe(true);
          expect(
            doc.runs[0].results.map(
              (r: { locations: Array<{ physicalLocation: { region: { startLine: number } } }> }) =>
                r.locations[0]!.physicalLocation.region.startLine,
            ),
          ).toEqual([3]);
        } else expect(doc.map((i: { location: { lines: { begin: number } } }) => i.location.lines.begin)).toEqual([3]);
      }
    });

    it('fix --check exits 1 naming the rule that starts a chain, and writes nothing', async () => {
      const rules = await file('check-_redirects', '/a  /b  301\n/b  /c  301\n');
      const result = await runInstalled(installed(), ['fix', rules, '--input', 'netlify', '--check']);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('check-_redirects:1: /a -> /b is the start of a chain: point it straight at /c');
      expect(await readFile(rules, 'utf8')).toBe('/a  /b  301\n/b  /c  301\n');
    });

    it('fix writes the rules flattened', async () => {
      const rules = await file('flatten-_redirects', '/a  /b  301\n/b  /c  301\n');
      const result = await runInstalled(installed(), ['fix', rules, '--input', 'netlify']);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('/a  /c  301\n/b  /c  301\n');
    });

    it('fix says when it makes a bare 302 permanent, and --keep-status keeps it', async () => {
      // nginx's `return URL` is a 302 (https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#return).
      const text = 'location = /a { return http://site.test/b; }\nlocation = /b { return 301 http://site.test/c; }\n';
      const rules = await file('status.conf', text);
      const args = ['fix', rules, '--input', 'nginx', '--base-url', 'http://site.test'];
      const made = await runInstalled(installed(), args);
      expect(made.stdout.split('\n')[0]).toBe('location = /a { return 301 http://site.test/c; }');
      expect(made.stderr).toContain('status.conf:1: status 302 → 301');
      const kept = await runInstalled(installed(), [...args, '--keep-status']);
      expect(kept.code).toBe(0);
      expect(kept.stdout.split('\n')[0]).toBe('location = /a { return http://site.test/c; }');
      expect(kept.stderr).not.toContain('status 302');
    });
  });

  describe("a vercel.json's bulkRedirectsPath, installed", () => {
    it('lint finds a chain across its bulk files, on their lines; fix --write rewrites the bulk file in place', async () => {
      await mkdir(join(dir, 'bulk-site', 'redirects'), { recursive: true });
      const vercel = join(dir, 'bulk-site', 'vercel.json');
      await writeFile(vercel, '{ "bulkRedirectsPath": "redirects" }\n');
      await writeFile(join(dir, 'bulk-site', 'redirects', 'a.csv'), 'source,destination,permanent\n/a,/b,true\n');
      await writeFile(
        join(dir, 'bulk-site', 'redirects', 'b.jsonl'),
        '{"source": "/b", "destination": "/c", "permanent": true}\n',
      );
      const lint = await runInstalled(installed(), ['lint', vercel]);
      expect(lint.code).toBe(0);
      expect(lint.stdout).toContain('redirects/a.csv:2: warning chain: chain of 2 redirects: /a → /b → /c');
      const fixed = await runInstalled(installed(), ['fix', vercel, '--write']);
      expect(fixed.code).toBe(0);
      expect(await readFile(join(dir, 'bulk-site', 'redirects', 'a.csv'), 'utf8')).toBe(
        'source,destination,permanent\n/a,/c,true\n',
      );
      // Nothing listens on port 9: each row errors, named by its own file and line.
      const checked = await runInstalled(installed(), [
        'check',
        vercel,
        '--base-url',
        'http://127.0.0.1:9',
        '--retries',
        '0',
      ]);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toMatch(/ERROR .*\/a .*\(redirects\/a\.csv line 2\)/);
      expect(checked.stdout).toMatch(/ERROR .*\/b .*\(redirects\/b\.jsonl line 1\)/);
    });
  });

  describe('hoplens suggest, installed', () => {
    it("proposes each old URL's new one from a sitemap URL, and writes an nginx file lint reads", async () => {
      const old = await file(
        'suggest-old.txt',
        ['1', '2', '4'].map((n) => `https://old.example.com/old/${n}.html`).join('\n'),
      );
      const result = await runInstalled(installed(), ['suggest', old, '--to', `${plain.origin}/sitemap.xml`]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim().split('\n')).toEqual([
        'source,target,confidence,reason',
        ...['1', '2'].map(
          (n) =>
            `https://old.example.com/old/${n}.html,${plain.origin}/new/${n},1,same slug; folder moved: /old → /new; extension dropped (.html)`,
        ),
      ]);
      const conf = join(dir, 'suggested.conf');
      const args = ['suggest', old, '--to', `${plain.origin}/sitemap.xml`, '--format', 'nginx', '--output', conf];
      expect((await runInstalled(installed(), args)).code).toBe(0);
      const linted = await runInstalled(installed(), ['lint', conf, '--input', 'nginx', '--format', 'json']);
      expect(linted.stderr).toContain('0 errors, 0 warnings; 2 rules linted');
      expect(linted.code).toBe(0);
    });
  });

  describe('hoplens coverage, installed', () => {
    /** A combined log line (nginx's and Apache's `combined` format) of a GET answered 200. */
    const hit = (path: string, agent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0') =>
      `192.0.2.1 - - [01/Dec/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" 200 100 "-" "${agent}"\n`;

    it('counts a gzipped log and a plain one, checks the URLs live, gates with --fail-under, writes the HTML', async () => {
      const map = await file('coverage-map.csv', `source,target\n/old/1,/new/1\n/old/2,/new/2\n`);
      const gzipped = join(dir, 'access.log.1.gz');
      await writeFile(gzipped, gzipSync(hit('/old/1').repeat(3) + hit('/old/3')));
      const plainLog = await file(
        'access.log',
        hit('/old/2') + hit('/old/1', 'Googlebot/2.1 (+http://www.google.com/bot.html)'),
      );
      const report = join(dir, 'coverage.html');
      const args = ['coverage', map, '--log', gzipped, '--log', plainLog, '--base-url', plain.origin];
      const json = await runInstalled(installed(), [
        ...args,
        '--live',
        '--format',
        'json',
        '--report',
        `html=${report}`,
      ]);
      expect(json.code, json.stderr).toBe(0);
      const { summary, rows } = JSON.parse(json.stdout);
      expect(summary.all).toEqual({ urls: 3, hits: 5, botHits: 1 });
      expect(summary.uncovered).toMatchObject({ urls: 1, hits: 1 });
      expect(rows.map((row: { url: string; live?: { oneHop200: boolean } }) => [row.url, row.live?.oneHop200])).toEqual(
        [
          [`${plain.origin}/old/1`, true],
          [`${plain.origin}/old/2`, true],
          [`${plain.origin}/old/3`, true],
        ],
      );
      expect(await readFile(report, 'utf8')).toContain('Top uncovered URLs');
      const gate = await runInstalled(installed(), [...args, '--fail-under', '90']);
      expect(gate.code).toBe(1);
    });
  });

  describe('hoplens URL --render, installed', () => {
    // The CLI's Chromium is Debian's (docs/cli.md, --render), driven over its DevTools pipe: no playwright-core installed.
    it('follows a JavaScript redirect in headless Chromium', async () => {
      const result = await runInstalled(installed(), [`${plain.origin}/js`, '--render', '--json']);
      expect(result.stderr).toBe('');
      const analysis = JSON.parse(result.stdout) as { chain: Array<{ url: string; redirectVia?: string }> };
      expect(analysis.chain.map((hop) => [hop.url, hop.redirectVia])).toEqual([
        [`${plain.origin}/js`, 'javascript'],
        [`${plain.origin}/landed`, undefined],
      ]);
    });
  });

  // The files mode of crawl (docs/crawl.md, "Links in files") on a copy of the fixture repository, its hosts served
  // by test/crawl-files/link-server.ts and reached by --connect-to: the CommonMark and HTML link forms are cited in
  // test/crawl-files/fix-round-trip.test.ts, which runs the same round trip in-process against a git repository.
  describe('hoplens crawl <files>, installed', () => {
    let links: LinkServer;
    let copy: string;
    beforeAll(async () => {
      links = await startLinkServer();
      copy = join(dir, 'crawl-files');
      await cp(join(import.meta.dirname, '..', 'fixtures', 'crawl-files'), copy, { recursive: true });
    });
    afterAll(() => links?.close());
    const routes = () => links.connectTo.flatMap((route) => ['--connect-to', route]);

    it('reports each redirecting and broken link on its file, line and column', async () => {
      const result = await runInstalled(installed(), ['crawl', copy, ...routes()]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/crawl-files\/README\.md:6:43: warning link_to_redirect: .*\/old-301/);
      expect(result.stdout).toMatch(/crawl-files\/README\.md:12:21: error link_to_error: /);
      // Without --base, relative links have no origin and are counted, not followed.
      expect(result.stderr).toMatch(/not followed/);
    });

    it('--fix prints the rewrite as a diff, --write makes it, and a second run finds no permanent redirect', async () => {
      const args = ['crawl', copy, ...routes(), '--base', 'http://links.test/'];
      const diff = await runInstalled(installed(), [...args, '--fix']);
      expect(diff.stdout).toContain('+- Inline link, permanent: [install guide](http://links.test/new "Install").\n');
      expect(diff.stdout).toContain('+- Root-relative (needs --base): [docs](/docs/new-page).\n');
      const written = await runInstalled(installed(), [...args, '--fix', '--write']);
      expect(written.stderr).toMatch(/README\.md: 21 links rewritten/);
      const readme = await readFile(join(copy, 'README.md'), 'utf8');
      expect(readme).toContain('[status page](http://links.test/temp-302)');
      const again = await runInstalled(installed(), args);
      expect(again.stdout).not.toContain('(permanent: --fix rewrites it)');
      expect(again.stdout).toContain('(temporary: --fix-temporary rewrites it)');
    });

    it('--offline finds no broken link or #anchor in the docs the package ships, and requests nothing', async () => {
      const shipped = join(installed().app, 'node_modules', 'hoplens');
      const pages = ['README.md', 'SECURITY.md', 'BENCHMARKS.md', 'docs'].map((page) => join(shipped, page));
      const result = await runInstalled(installed(), ['crawl', ...pages, '--offline']);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /0 links to 0 URLs, \d{3} links to local files: 0 redirecting \(0 fixable\), 0 broken/,
      );
      expect(result.code).toBe(0);
    });
  });

  describe('hoplens explain, installed', () => {
    it("prints every finding kind's section of the package's docs/issues.md (chain, variants and crawl)", async () => {
      // A few at a time: one process each, on a small machine.
      for (let start = 0; start < FINDING_TYPES.length; start += EXPLAIN_BATCH) {
        const types = FINDING_TYPES.slice(start, start + EXPLAIN_BATCH);
        const results = await Promise.all(types.map((type) => runInstalled(installed(), ['explain', type])));
        for (const [index, result] of results.entries()) {
          const type = types[index]!;
          expect(result.code, type).toBe(0);
          expect(result.stdout.split('\n')[0], type).toBe(`## ${type}`);
          expect(result.stdout, type).toMatch(/Severity/);
        }
      }
    }, 180_000);

    it('takes a help as a finding prints it, and refuses an unknown type naming the types', async () => {
      const help = await runInstalled(installed(), ['explain', 'docs/issues.md#query_dropped']);
      expect(help.stdout.split('\n')[0]).toBe('## query_dropped');
      const unknown = await runInstalled(installed(), ['explain', 'redirect_chian']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('redirect_chain');
    });
  });

  describe('hoplens mcp, installed', () => {
    afterAll(() => closeMcpClients());

    it("answers the SDK's client over stdio: a chain analysed, a finding explained, a docs page read", async () => {
      const client = await startMcpClient([], installedBin(installed()));
      const analysis = await callTool(client, 'analyze', { url: `${plain.origin}/old/1`, robots: false });
      expect(analysis.structuredContent).toMatchObject({ summary: { finalUrl: `${plain.origin}/new/1` } });
      const explained = await callTool(client, 'explain', { type: 'redirect_chain' });
      expect(explained.structuredContent).toMatchObject({ markdown: expect.stringMatching(/^## redirect_chain\n/) });
      // The docs the tarball holds, read from the installed package.
      const page = await client.readResource({ uri: 'hoplens://docs/mcp.md' });
      const shipped = await readFile(join(installed().app, 'node_modules', 'hoplens', 'docs', 'mcp.md'), 'utf8');
      expect(page.contents[0]).toMatchObject({ text: shipped });
    });
  });

  // hoplens crawl (issue 31) against the synthetic site of test/helpers/crawl-site.mjs, in its own process.
  describe('hoplens crawl, installed', () => {
    let siteProcess: ChildProcess;
    let origin = '';
    beforeAll(async () => {
      siteProcess = spawn(process.execPath, [join(ROOT, 'test', 'helpers', 'crawl-site.mjs')], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: siteProcess.stdout! });
      const ports = await new Promise<{ site: number }>((resolve) =>
        lines.once('line', (line) => resolve(JSON.parse(line))),
      );
      origin = `http://127.0.0.1:${ports.site}`;
    });
    afterAll(() => {
      siteProcess?.kill('SIGTERM');
    });

    it('crawl URL --format ndjson --map --state: the links to redirects and errors, the map, the kept state', async () => {
      const map = join(dir, 'crawl-map.csv');
      const state = join(dir, 'crawl-state');
      const args = ['crawl', `${origin}/`, '--format', 'ndjson', '--map', map, '--state', state];
      const sarif = join(dir, 'crawl.sarif');
      const result = await runInstalled(installed(), [
        ...args,
        '--max-query-variants',
        '2',
        '--skip',
        'img',
        '--report',
        `sarif=${sarif}`,
      ]);
      expect(result.code).toBe(1);
      const rows = ndjsonRows(result.stdout) as Array<{ source: string; extra: Record<string, string> }>;
      // --report: the same run as SARIF in its file, valid against the schema.
      const crawlSarif = JSON.parse(await readFile(sarif, 'utf8'));
      expect(validateSarif(crawlSarif), JSON.stringify(validateSarif.errors)).toBe(true);
      expect(crawlSarif.runs[0].results.length).toBeGreaterThan(0);
      const sources = new Set(rows.map((row) => row.source.replace(origin, '')));
      expect(sources).toContain('/old-about');
      expect(sources).toContain('/missing');
      // --skip img: the redirected logo is not collected.
      expect(sources).not.toContain('/old-logo.png');
      // hreflang alternates from a Link header (/es/'s) and from the sitemap's xhtml:link (/en-gb/'s entry).
      const hreflang = rows
        .filter((row) => row.extra.element === 'hreflang')
        .map((row) => row.source.replace(origin, ''));
      expect(hreflang).toEqual(expect.arrayContaining(['/old-it/', '/old-en-us/']));
      expect(await readFile(map, 'utf8')).toContain(`${origin}/,/old-about#team,${origin}/about#team`);
      expect(result.stderr).toMatch(/cut 1 URL \(query-variants\)/);
      // The state is kept; --resume finds every page done and writes the same report.
      const again = await runInstalled(installed(), [
        ...args,
        '--resume',
        '--max-query-variants',
        '2',
        '--skip',
        'img',
      ]);
      expect(again.code).toBe(1);
      expect(ndjsonRows(again.stdout)).toHaveLength(rows.length);
      const bad = await runInstalled(installed(), ['crawl', `${origin}/`, '--skip', 'video']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--skip');
    });
  });

  // Issue 47's link kinds, read by the installed bundle: a loopback page with one link of each kind read inside a
  // value or a head element (test/crawl/link-kinds-site.test.ts runs every kind in-process), each to a 301.
  describe('hoplens crawl, the link kinds inside values, installed', () => {
    let kinds: TestServer;
    const page = `<!doctype html><html><head><link rel=icon href=/old-icon>
<meta name="twitter:image" content="/old-twitter"><style>.x { background: url('/old-css') }</style>
<script type="application/ld+json">{"@graph": [{"@id": "#org", "logo": {"url": "/old-json-ld"}}]}</script>
</head><body><img src=/ok.png srcset="/ok.png 1x, /old-srcset 2x" alt=i><form action=/old-form></form></body></html>`;
    beforeAll(async () => {
      kinds = await startServer((request, response) => {
        const path = request.url ?? '/';
        if (path.startsWith('/old-')) response.writeHead(301, { location: `/new-${path.slice(5)}` }).end();
        else if (path === '/robots.txt') response.writeHead(404).end();
        else response.writeHead(200, { 'content-type': 'text/html' }).end(path === '/' ? page : '<title>x</title>');
      });
    });
    afterAll(async () => {
      await kinds?.close();
    });

    it('crawl URL: one finding per kind, the form reported and never requested', async () => {
      const result = await runInstalled(installed(), [
        'crawl',
        `${kinds.origin}/`,
        '--format',
        'ndjson',
        '--no-progress',
      ]);
      expect(result.code, result.stderr).toBe(0);
      const rows = ndjsonRows(result.stdout) as Array<{
        source: string;
        warnings: string[];
        extra: Record<string, string>;
      }>;
      const found = rows.map((row) => `${row.warnings[0]?.split(':')[0]} ${row.extra.element}`).sort();
      expect(found).toEqual(
        [
          'form_action_not_checked form',
          ...['icon', 'twitter', 'css', 'json-ld', 'srcset'].map((kind) => `link_to_redirect ${kind}`),
        ].sort(),
      );
      expect(kinds.requests.filter((path) => path.includes('form'))).toEqual([]);
    });
  });

  // hoplens compare (issue 45): a loopback site crawled twice by the installed executable, a page lost and a title
  // changed between the crawls (test/cli/compare.test.ts tests each format from dist/).
  describe('hoplens compare, installed', () => {
    let changing: ChangingSite;
    beforeAll(async () => {
      changing = await startChangingSite();
    });
    afterAll(() => changing?.close());

    it('compare before after --format json --fail-on page_lost: the changes found, exit 1; html to a file', async () => {
      const page = (title: string): ModelPage => ({ status: 200, title });
      const crawl = (state: string) =>
        runInstalled(installed(), ['crawl', `${changing.origin}/`, '--state', join(dir, state), '--no-progress']);
      changing.serve({
        pages: new Map([
          ['/a/', page('A')],
          ['/b/', page('B')],
        ]),
        disallow: new Set(),
      });
      await crawl('compare-before');
      changing.serve({
        pages: new Map([
          ['/a/', page('A, renamed')],
          ['/b/', { status: 404 }],
        ]),
        disallow: new Set(),
      });
      await crawl('compare-after');
      const states = [join(dir, 'compare-before'), join(dir, 'compare-after')];
      const result = await runInstalled(installed(), [
        'compare',
        ...states,
        '--format',
        'json',
        '--fail-on',
        'page_lost',
      ]);
      expect(result.code).toBe(1);
      const changes = JSON.parse(result.stdout).changes.map((change: { kind: string; url: string }) => [
        change.kind,
        change.url.replace(changing.origin, ''),
      ]);
      expect(changes).toEqual([
        ['page_lost', '/b/'],
        ['title_changed', '/a/'],
      ]);
      const report = join(dir, 'compare.html');
      const html = await runInstalled(installed(), ['compare', ...states, '--format', 'html', '-o', report]);
      expect(html.code).toBe(0);
      expect(await readFile(report, 'utf8')).toContain('id="kind-page_lost"');
    });
  });
}
