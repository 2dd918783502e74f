/**
 * The analysis's request headers and cookie go on the robots.txt request too: a staging site behind a gate (a cookie,
 * a header) answers its real robots.txt only to a request that passes the gate, and a 404 otherwise, which RFC 9309
 * §2.3.1.3 (https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1.3) reads as "everything allowed": without them, a
 * Disallow on the site under test would never be seen. A file read with one gate's headers never answers an analysis
 * with others (the robots.txt cache is keyed by them).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type AnalysisResult, Analyzer } from '../../src/index.js';
import { startServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK as UNROBOTED } from './helpers/analysis.js';

const track = closeAfterEach();
const LOOPBACK = { ...UNROBOTED, robots: undefined };

/** Every page answers; robots.txt keeps everyone out, but only behind the gate. */
function gatedSite(req: IncomingMessage, res: ServerResponse): void {
  const open = req.headers.cookie === 'gate=open' && req.headers['x-staging'] === '1';
  if (req.url === '/robots.txt' && !open) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(req.url === '/robots.txt' ? 'User-agent: *\nDisallow: /\n' : 'page');
}

const blocked = (result: AnalysisResult) =>
  result.summary.issues.some((issue) => issue.type === 'robots_blocked_destination');

describe('robots.txt with the request headers and cookie', () => {
  it('sends them, sees the gated Disallow, and keeps files read under other headers apart', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startServer(gatedSite));
    const url = `${server.origin}/page`;
    // First without the gate: the 404 is cached for this origin...
    expect(blocked(await analyzer.analyze(url, LOOPBACK))).toBe(false);
    // ...and does not answer the analysis that passes the gate.
    const gated = await analyzer.analyze(url, {
      ...LOOPBACK,
      requestHeaders: { 'X-Staging': '1' },
      requestCookie: 'gate=open',
    });
    expect(blocked(gated)).toBe(true);
    const robots = server.received.filter((request) => request.url === '/robots.txt');
    expect(robots).toHaveLength(2);
    expect(robots[1]!.headers).toMatchObject({
      cookie: 'gate=open',
      'x-staging': '1',
      'user-agent': 'hoplens/1.0',
      accept: 'text/plain',
    });
    expect(robots[0]!.headers.cookie).toBeUndefined();
  });

  it('sends a given Accept on the pages (it used to be overwritten), and text/plain still for robots.txt', async () => {
    const analyzer = await track(new Analyzer());
    const server = await track(startServer(gatedSite));
    await analyzer.analyze(`${server.origin}/page`, { ...LOOPBACK, requestHeaders: { accept: 'text/html' } });
    const page = server.received.find((request) => request.url === '/page')!;
    const robots = server.received.find((request) => request.url === '/robots.txt')!;
    expect(page.headers.accept).toBe('text/html');
    expect(robots.headers.accept).toBe('text/plain');
  });
});
