/** Which statuses are followed, and how a Location is turned into the next URL. */
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/index.js';
import { type Route, startRedirectServer, startServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK } from './helpers/analysis.js';

const analyzer = new Analyzer();
const track = closeAfterEach(analyzer);

describe('statuses', () => {
  it.each([301, 302, 303, 307, 308])('follows %i with a Location', async (status) => {
    const server = await track(startRedirectServer({ '/': { status, location: '/end' }, '/end': { status: 200 } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.chain.map((hop) => hop.status)).toEqual([status, 200]);
    expect(server.requests).toEqual(['/', '/end']);
  });

  it.each([300, 304, 305, 306, 399])('ends the chain at %i even with a Location', async (status) => {
    const server = await track(startRedirectServer({ '/': { status, location: '/end' }, '/end': { status: 200 } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.success).toBe(true);
    expect(result.chain).toHaveLength(1);
    expect(result.summary).toMatchObject({ totalHops: 1, finalStatus: status, hasLoop: false });
    expect(result.chain[0]!.headers.location).toBe('/end');
    expect(server.requests).toEqual(['/']);
    // Not a redirect that went wrong: none of the redirect findings apply.
    const types = result.summary.issues.map((issue) => issue.type);
    expect(types).not.toContain('missing_location');
    expect(types).not.toContain('temporary_redirect');
  });

  it.each([200, 201, 204, 404, 500])('ends the chain at %i even with a Location', async (status) => {
    const server = await track(startRedirectServer({ '/': { status, location: '/end' }, '/end': { status: 200 } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.summary).toMatchObject({ totalHops: 1, finalStatus: status });
    expect(server.requests).toEqual(['/']);
  });

  it('follows a long mixed chain to its end', async () => {
    const statuses = [301, 302, 303, 307, 308, 301, 302];
    const routes: Record<string, Route> = {};
    statuses.forEach((status, index) => {
      routes[`/${index}`] = { status, location: `/${index + 1}` };
    });
    routes[`/${statuses.length}`] = { status: 200 };
    const server = await track(startRedirectServer(routes));
    const result = await analyzer.analyze(`${server.origin}/0`, LOOPBACK);
    expect(result.chain.map((hop) => hop.status)).toEqual([...statuses, 200]);
  });
});

describe('Location resolution', () => {
  async function nextUrlFor(location: string, from = '/dir/sub/page?q=1'): Promise<{ url: string; server: string }> {
    const server = await track(
      startServer((req, res) => {
        if (req.url === from) res.writeHead(302, { location });
        else res.writeHead(200);
        res.end();
      }),
    );
    const result = await analyzer.analyze(`${server.origin}${from}`, LOOPBACK);
    expect(result.chain).toHaveLength(2);
    return { url: result.chain[1]!.url, server: server.origin };
  }

  it.each([
    ['other', '/dir/sub/other'],
    ['./other', '/dir/sub/other'],
    ['../x', '/dir/x'],
    ['../../../../x', '/x'],
    ['/abs/path', '/abs/path'],
    ['?p=2', '/dir/sub/page?p=2'],
    ['/a b/c?q=d e', '/a%20b/c?q=d%20e'],
    ['  /padded  ', '/padded'],
    ['/x\\y', '/x/y'],
  ])('resolves %j against the hop URL', async (location, path) => {
    const { url, server } = await nextUrlFor(location);
    expect(url).toBe(`${server}${path}`);
  });

  it('resolves an absolute Location to another origin', async () => {
    const target = await track(startRedirectServer({ '/landing': { status: 200 } }));
    const { url } = await nextUrlFor(`${target.origin}/landing`);
    expect(url).toBe(`${target.origin}/landing`);
    expect(target.requests).toEqual(['/landing']);
  });

  it('resolves a protocol-relative Location with the scheme of the hop', async () => {
    const target = await track(startRedirectServer({ '/landing': { status: 200 } }));
    const { url } = await nextUrlFor(`//127.0.0.1:${target.port}/landing`);
    expect(url).toBe(`http://127.0.0.1:${target.port}/landing`);
    expect(target.requests).toEqual(['/landing']);
  });

  it('reaches an IPv6 literal Location', async () => {
    const target = await track(startRedirectServer({ '/six': { status: 200 } }, '::1'));
    const { url } = await nextUrlFor(`http://[::1]:${target.port}/six`);
    expect(url).toBe(`http://[::1]:${target.port}/six`);
    expect(target.requests).toEqual(['/six']);
  });

  it('carries the fragment over when the Location has none (RFC 9110 §10.2.2)', async () => {
    const server = await track(
      startRedirectServer({
        '/a': { status: 301, location: '/b' },
        '/b': { status: 302, location: '/c#own' },
        '/c': { status: 307, location: '/d' },
        '/d': { status: 308, location: '/e#' },
        '/e': { status: 200 },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/a#start`, LOOPBACK);
    expect(result.chain.map((hop) => hop.url.slice(server.origin.length))).toEqual([
      '/a#start',
      '/b#start',
      // A Location with its own fragment replaces it...
      '/c#own',
      '/d#own',
      // ...even an empty one (which WHATWG serialisation keeps as a bare "#").
      '/e#',
    ]);
    // A fragment never leaves the client.
    expect(server.requests).toEqual(['/a', '/b', '/c', '/d', '/e']);
  });

  it('decodes non-ASCII Location bytes as UTF-8 and percent-encodes them', async () => {
    const server = await track(
      startServer((req, res) => {
        if (req.url === '/start') {
          // The raw UTF-8 bytes of the Location, sent as they are (node writes header strings as latin1).
          const raw = Buffer.from('/café/ünï?q=ß#frägment', 'utf8').toString('latin1');
          res.writeHead(301, [['location', raw]]);
        } else {
          res.writeHead(200);
        }
        res.end();
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/start`, LOOPBACK);
    expect(result.chain[1]!.url).toBe(`${server.origin}/caf%C3%A9/%C3%BCn%C3%AF?q=%C3%9F#fr%C3%A4gment`);
    expect(server.requests).toEqual(['/start', '/caf%C3%A9/%C3%BCn%C3%AF?q=%C3%9F']);
    // The reported header is readable text, not mojibake.
    expect(result.chain[0]!.headers.location).toBe('/café/ünï?q=ß#frägment');
  });

  it('percent-encodes Location bytes that are not valid UTF-8 one by one', async () => {
    const server = await track(
      startServer((req, res) => {
        if (req.url === '/start') {
          // latin1 "é" (0xE9) and a lone continuation byte (0x80): not UTF-8.
          res.writeHead(301, [['location', Buffer.from([0x2f, 0x63, 0x61, 0x66, 0xe9, 0x80]).toString('latin1')]]);
        } else {
          res.writeHead(200);
        }
        res.end();
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/start`, LOOPBACK);
    expect(result.chain[1]!.url).toBe(`${server.origin}/caf%E9%80`);
    expect(server.requests).toEqual(['/start', '/caf%E9%80']);
  });

  it('follows a Location repeated with the same value', async () => {
    const server = await track(
      startRedirectServer({ '/': { status: 301, location: ['/end', '/end'] }, '/end': { status: 200 } }),
    );
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    expect(result.summary).toMatchObject({ totalHops: 2, finalStatus: 200, issues: expect.any(Array) });
    expect(result.summary.issues.map((issue) => issue.type)).not.toContain('invalid_location');
  });
});
