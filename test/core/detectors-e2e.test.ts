/** Findings through real servers: what the detectors see is what the tracer recorded and read. */
import { describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer, type IssueType } from '../../src/index.js';
import { startRedirectServer, startServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK, SHORT_TIMEOUT, since } from './helpers/analysis.js';

const analyzer = new Analyzer();
const track = closeAfterEach(analyzer);

function types(result: AnalysisResult): IssueType[] {
  return result.summary.issues.map((issue) => issue.type);
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };
/** Google Search Central, "Redirects and Google Search": what temporary and mixed redirects are explained by. */
const REDIRECTS_HELP = 'https://developers.google.com/search/docs/crawling-indexing/301-redirects';
const REFRESH_TAG = '<meta http-equiv="refresh" content="0; url=/elsewhere">';

describe('meta refresh', () => {
  it('is found in the final HTML page', async () => {
    const server = await track(
      startRedirectServer({
        '/': { status: 301, location: '/page' },
        '/page': { status: 200, headers: HTML, body: `<html><head>${REFRESH_TAG}</head></html>` },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    const found = result.summary.issues.find((issue) => issue.type === 'meta_refresh');
    expect(found).toMatchObject({ severity: 'warning', hop: 1 });
    expect(found!.message).toContain(`${server.origin}/elsewhere`);
  });

  it('is not found when commented out', async () => {
    const server = await track(
      startRedirectServer({ '/': { status: 200, headers: HTML, body: `<head><!-- ${REFRESH_TAG} --></head>` } }),
    );
    expect(types(await analyzer.analyze(`${server.origin}/`, LOOPBACK))).not.toContain('meta_refresh');
  });

  it('is looked for in the first MiB only: after a 70 KB head script, not after 1.1 MB', async () => {
    const script = (size: number) => `<head><script>var pad = "${'y'.repeat(size)}";</script>`;
    const server = await track(
      startRedirectServer({
        '/early': { status: 200, headers: HTML, body: `${REFRESH_TAG}${'y'.repeat(2 * 1024 * 1024)}` },
        '/after-script': { status: 200, headers: HTML, body: `${script(70 * 1024)}${REFRESH_TAG}</head>` },
        '/late': { status: 200, headers: HTML, body: `<p>${'y'.repeat(1100 * 1024)}</p>${REFRESH_TAG}` },
      }),
    );
    expect(types(await analyzer.analyze(`${server.origin}/early`, LOOPBACK))).toContain('meta_refresh');
    expect(types(await analyzer.analyze(`${server.origin}/after-script`, LOOPBACK))).toContain('meta_refresh');
    expect(types(await analyzer.analyze(`${server.origin}/late`, LOOPBACK))).not.toContain('meta_refresh');
  });

  it('is not looked for in a page that is not HTML, nor with HEAD', async () => {
    const server = await track(
      startRedirectServer({
        '/text': { status: 200, headers: { 'content-type': 'text/plain' }, body: REFRESH_TAG },
        '/html': { status: 200, headers: HTML, body: REFRESH_TAG },
        '/missing': { status: 404, headers: HTML, body: REFRESH_TAG },
      }),
    );
    expect(types(await analyzer.analyze(`${server.origin}/text`, LOOPBACK))).not.toContain('meta_refresh');
    const head = await analyzer.analyze(`${server.origin}/html`, { ...LOOPBACK, method: 'HEAD' });
    expect(types(head)).not.toContain('meta_refresh');
    // An error page's refresh is reported, not followed: the chain ends on the 404.
    const missing = await analyzer.analyze(`${server.origin}/missing`, LOOPBACK);
    expect(missing.chain).toHaveLength(1);
    expect(types(missing).sort()).toEqual(['error_status', 'meta_refresh', 'not_https']);
  });

  it('is found in a Refresh header on a hop', async () => {
    const server = await track(
      startRedirectServer({
        '/': { status: 301, location: '/page' },
        '/page': { status: 200, headers: { refresh: '5; url=/later' } },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.chain[1]!.headers.refresh).toBe('5; url=/later');
    expect(result.summary.issues.find((issue) => issue.type === 'meta_refresh')).toMatchObject({ hop: 1 });
  });

  it('does not let a final page that never ends hold the analysis past the hop timeout', async () => {
    const timers: NodeJS.Timeout[] = [];
    const server = await track(
      startServer((_req, res) => {
        res.writeHead(200, HTML);
        res.write(`<html><head>${REFRESH_TAG}`);
        const timer = setInterval(() => res.write(' '), 50);
        timers.push(timer);
        res.on('close', () => clearInterval(timer));
      }),
    );
    try {
      const started = performance.now();
      // Reported only: followed, the refresh would lead to a second page that never ends either.
      const options = { ...LOOPBACK, timeout: SHORT_TIMEOUT, clientRedirects: 'report' as const };
      const result = await analyzer.analyze(`${server.origin}/`, options);
      expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
      // What arrived in time is still read.
      expect(types(result)).toContain('meta_refresh');
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
  });
});

describe('redirect findings', () => {
  it('reports a chain of temporary and permanent redirects', async () => {
    const server = await track(
      startRedirectServer({
        '/a': { status: 302, location: '/b' },
        '/b': { status: 301, location: '/c' },
        '/c': { status: 200 },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/a`, LOOPBACK);
    expect(result.summary.issues).toEqual([
      {
        type: 'redirect_chain',
        severity: 'warning',
        message: expect.stringContaining('2 redirects'),
        help: 'https://developers.google.com/search/docs/crawling-indexing/site-move-with-url-changes',
      },
      { type: 'temporary_redirect', severity: 'warning', message: expect.any(String), hop: 0, help: REDIRECTS_HELP },
      { type: 'mixed_redirect_types', severity: 'info', message: expect.any(String), help: REDIRECTS_HELP },
      { type: 'not_https', severity: 'info', message: expect.any(String), hop: 2, help: 'docs/issues.md#not_https' },
    ]);
  });

  it('reports trailing-slash and letter-case hops', async () => {
    const server = await track(
      startRedirectServer({
        '/Docs': { status: 301, location: '/docs' },
        '/docs': { status: 301, location: '/docs/' },
        '/docs/': { status: 200 },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/Docs`, LOOPBACK);
    expect(result.summary.issues.filter((issue) => issue.severity === 'info')).toEqual([
      { type: 'case_redirect', severity: 'info', message: expect.any(String), hop: 0, help: expect.any(String) },
      {
        type: 'trailing_slash_redirect',
        severity: 'info',
        message: expect.stringContaining('adds'),
        hop: 1,
        help: 'docs/issues.md#trailing_slash_redirect',
      },
      { type: 'not_https', severity: 'info', message: expect.any(String), hop: 2, help: expect.any(String) },
    ]);
  });

  it('reports a chain that ends on an error status', async () => {
    const server = await track(startRedirectServer({ '/old': { status: 308, location: '/gone' } }));
    const result = await analyzer.analyze(`${server.origin}/old`, LOOPBACK);
    expect(result.summary.finalStatus).toBe(404);
    expect(result.summary.issues[0]).toMatchObject({ type: 'error_status', severity: 'error', hop: 1 });
    expect(result.summary.issues[0]!.message).toContain('404 Not Found');
  });

  it('reports nothing but not_https for a plain 200', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(types(result)).toEqual(['not_https']);
  });
});
