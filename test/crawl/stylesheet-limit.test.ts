/**
 * A same-site style sheet past the crawl's limit (1 MiB, src/crawl/stylesheet-visit.ts): its first MiB is read up to
 * its last whole rule, so a `url()` near its start is checked, one past the limit is not, a token cut in two at the
 * limit is not taken for a URL, and the cut is recorded (`stylesheet-size`) and told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STYLESHEET_LIMIT } from '../../src/crawl/stylesheet-visit.js';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { reportFindings } from './report-findings.js';

/** A rule near the start, filler rules, one whose url() the limit cuts in two, and one wholly past the limit. */
function bigSheet(): string {
  const first = '.first { background: url(old-first.png) }\n';
  const filler = '.f { color: red }\n';
  let text = first;
  while (text.length < STYLESHEET_LIMIT - 20) text += filler;
  const straddling = `.cut { background: url("old-cut-${'x'.repeat(40)}.png") }\n`;
  return `${text}${straddling}.last { background: url(old-last.png) }\n`;
}

let server: TestServer;

beforeAll(async () => {
  const sheet = bigSheet();
  server = await startServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/robots.txt') res.writeHead(404).end();
    else if (path.includes('/old-')) res.writeHead(301, { location: path.replace('/old-', '/new-') }).end();
    else if (path === '/big.css') res.writeHead(200, { 'content-type': 'text/css' }).end(sheet);
    else if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>big</title><link rel=stylesheet href=/big.css>');
    } else res.writeHead(200, { 'content-type': 'image/png' }).end('png');
  });
});

afterAll(() => server.close());

const dir = tempDirPerTest();

describe('a style sheet past the limit', () => {
  it('is read up to its last whole rule within the first MiB, and the cut is told', async () => {
    const outcome = await runCli(['crawl', `${server.origin}/`, '--format', 'ndjson', '--no-progress'], {
      cwd: dir(),
    });
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(reportFindings(outcome.stdout, server.origin, true)).toEqual([
      'link_to_redirect css /big.css /old-first.png',
    ]);
    expect(server.requests.filter((path) => path.includes('cut') || path.includes('last'))).toEqual([]);
    expect(outcome.stderr).toMatch(/cut 1 URL \(stylesheet-size\)/);
  }, 60_000);
});
