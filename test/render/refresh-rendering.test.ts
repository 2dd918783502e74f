/**
 * Rendering lets the browser decide where a page with a refresh goes (issue 27, "When rendering"): a script that
 * navigates before a delayed refresh fires wins, as in Chromium; a refresh the browser followed is a `meta-refresh`
 * (or `refresh-header`) hop with its permanence (0 seconds: permanent), not `javascript`; a refresh longer than the
 * wait is still the declared one. And the browser loads only what can navigate: images, fonts, media and stylesheets
 * never reach the server, and the page still navigates.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer } from '../../src/index.js';
import { ChromiumRenderer } from '../../src/render/index.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { startServer, type TestServer } from '../helpers/servers.js';

installTripwire();

const HTML = { 'content-type': 'text/html; charset=utf-8' };
// A loaded machine may take seconds to render: the hop timeout bounds the render too, and a render cut short ends the
// chain (render_incomplete) before any refresh is followed.
const OPTIONS = { allowNetworks: ['127.0.0.0/8'], render: true, renderWait: 1500, timeout: 20_000 };
const refresh = (content: string) => `<meta http-equiv="refresh" content="${content}">`;

/** Everything a page may load that cannot navigate: an image, a stylesheet with a font, a video, a favicon. */
const INERT = `<link rel="stylesheet" href="/inert/style.css"><link rel="icon" href="/inert/icon.png">
  <style>@font-face { font-family: f; src: url(/inert/font.woff2); } body { font-family: f; }</style>
  <img src="/inert/image.png"><video src="/inert/video.mp4" autoplay muted></video>
  <div style="background: url(/inert/background.png)">text in the font</div>`;

const PAGES: Readonly<Record<string, { head: string; body?: string; refresh?: string }>> = {
  // The HTML standard's steps keep the delayed refresh; the script runs at once and the browser goes where it says.
  '/script-first': { head: refresh('1; url=/by-refresh'), body: "<script>location.href = '/by-script';</script>" },
  // Chromium lets the later, sooner refresh replace the first: where the browser went, labelled as that refresh.
  '/later-refresh': { head: refresh('1; url=/first') + refresh('0; url=/second') },
  '/header': { head: '', refresh: '0; url=/by-header' },
  '/delayed': { head: refresh('1; url=/soon') },
  // Longer than the wait: the browser has not gone yet; the declared refresh is the redirect.
  '/long': { head: refresh('30; url=/later') },
  '/inert': { head: INERT, body: "<script>setTimeout(function () { location.href = '/by-script'; }, 300);</script>" },
};

function handle(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0]!;
  const page = PAGES[path];
  if (page === undefined) {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`landed on ${path}`);
    return;
  }
  res.writeHead(200, page.refresh === undefined ? HTML : { ...HTML, refresh: page.refresh });
  res.end(`<!doctype html><html><head><title>${path}</title>${page.head}</head><body>${page.body ?? ''}</body></html>`);
}

let server: TestServer;
const analyzer = new Analyzer({ renderer: new ChromiumRenderer() });

beforeAll(async () => {
  server = await startServer(handle);
});
afterAll(async () => {
  await analyzer.close();
  await server.close();
});

/** Each hop as `status path via type delay`. */
function hops(result: AnalysisResult): string[] {
  return result.chain.map((hop) =>
    [
      hop.status,
      new URL(hop.url).pathname,
      hop.redirectVia ?? '-',
      hop.redirectType ?? '-',
      hop.refreshDelay ?? '-',
    ].join(' '),
  );
}

describe('rendering a page with a refresh', () => {
  // One at a time: the renderer's two slots are shared, and a render waiting for one spends its time bound.
  it.each([
    [
      'an immediate script before a delayed refresh: the script',
      '/script-first',
      '200 /script-first javascript temporary -',
      '/by-script',
    ],
    [
      'a later, sooner meta refresh: the browser’s, as meta-refresh',
      '/later-refresh',
      '200 /later-refresh meta-refresh permanent 0',
      '/second',
    ],
    ['a Refresh header the browser followed', '/header', '200 /header refresh-header permanent 0', '/by-header'],
    [
      'a 1-second meta refresh the browser followed: temporary',
      '/delayed',
      '200 /delayed meta-refresh temporary 1',
      '/soon',
    ],
    ['a refresh longer than the wait: the declared one', '/long', '200 /long meta-refresh temporary 30', '/later'],
  ])('%s', { timeout: 60_000 }, async (_label, path, first, landed) => {
    const result = await analyzer.analyze(`${server.origin}${path}`, OPTIONS);
    expect(hops(result)).toEqual([first, `200 ${landed} - - -`]);
  });
});

describe('what the browser loads', () => {
  it('refuses images, fonts, media and stylesheets unsent, and the page still navigates', {
    timeout: 30_000,
  }, async () => {
    const result = await analyzer.analyze(`${server.origin}/inert`, OPTIONS);
    expect(hops(result)).toEqual(['200 /inert javascript temporary -', '200 /by-script - - -']);
    expect(server.requests.filter((url) => url.startsWith('/inert/'))).toEqual([]);
  });
});
