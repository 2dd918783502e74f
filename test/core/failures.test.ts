/**
 * Analyses that fail: each rejects with a HoplensError of a stable code, carrying the hops completed before the
 * failure, and (for the network kinds) within the hop timeout plus a second.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Analyzer, type Hop, HoplensError } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { closedPort, startRawServer, startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK, rejection, SHORT_TIMEOUT, since } from './helpers/analysis.js';

const resolver = tableResolver({ 'known.test': '127.0.0.1' });
const analyzer = new Analyzer({ resolver });
const track = closeAfterEach(analyzer);

/** A first hop on a healthy server that redirects to `target`, so failures can be checked for the partial chain. */
async function redirectTo(target: string): Promise<TestServer> {
  return track(startRedirectServer({ '/': { status: 302, location: target } }));
}

function expectPartialChain(chain: Hop[], entry: TestServer): void {
  expect(chain).toHaveLength(1);
  expect(chain[0]).toMatchObject({ url: `${entry.origin}/`, status: 302 });
}

/** Raw servers that answer every connection in one broken way. */
const RAW: Record<string, (socket: Socket) => void> = {
  silent: () => {},
  garbage: (socket) => socket.end('HELLO THERE, THIS IS NOT HTTP\r\n\r\n'),
  badStatus: (socket) => socket.end('HTTP/1.1 abc Nope\r\nContent-Length: 0\r\n\r\n'),
  truncated: (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/pl');
    setTimeout(() => socket.destroy(), 20);
  },
  resetAfterRequest: (socket) => socket.once('data', () => socket.resetAndDestroy()),
  hugeHeader: (socket) => {
    socket.write(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(1024 * 1024)}\r\nContent-Length: 0\r\n\r\n`);
  },
  trickle: (socket) => {
    socket.write('HTTP/1.1 200 OK\r\n');
    const timer = setInterval(() => socket.write('X-Slow: y\r\n'), 100);
    socket.on('close', () => clearInterval(timer));
  },
  earlyHints: (socket) => {
    const hint = () => socket.write('HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n');
    hint();
    const timer = setInterval(hint, 100);
    socket.on('close', () => clearInterval(timer));
  },
};

describe('network failures', () => {
  it('rejects with DNS_ERROR when the name does not resolve', async () => {
    const error = await rejection(analyzer.analyze('http://nowhere.test/', LOOPBACK), 'DNS_ERROR');
    expect(error.chain).toEqual([]);
    expect(error.details.url).toBe('http://nowhere.test/');
    expect(error.message).toContain('ENOTFOUND');
  });

  it('rejects with DNS_ERROR when the resolver gives no address', async () => {
    const empty = new Analyzer({ resolver: async () => [] });
    try {
      await rejection(empty.analyze('http://empty.test/', LOOPBACK), 'DNS_ERROR');
    } finally {
      await empty.close();
    }
  });

  it('rejects with DNS_ERROR mid-chain, keeping the hops so far', async () => {
    const entry = await redirectTo('http://nowhere.test/next');
    const error = await rejection(analyzer.analyze(`${entry.origin}/`, LOOPBACK), 'DNS_ERROR');
    expectPartialChain(error.chain, entry);
  });

  it('rejects with CONNECTION_REFUSED on a closed port', async () => {
    const port = await closedPort();
    const error = await rejection(analyzer.analyze(`http://127.0.0.1:${port}/`, LOOPBACK), 'CONNECTION_REFUSED');
    expect(error.chain).toEqual([]);
    expect(error.details.url).toBe(`http://127.0.0.1:${port}/`);
  });

  it('rejects with CONNECTION_REFUSED mid-chain, through a resolved name', async () => {
    const port = await closedPort();
    const entry = await redirectTo(`http://known.test:${port}/`);
    const error = await rejection(analyzer.analyze(`${entry.origin}/`, LOOPBACK), 'CONNECTION_REFUSED');
    expectPartialChain(error.chain, entry);
  });

  it('rejects with CONNECTION_RESET when the server closes mid-headers', async () => {
    const server = await track(startRawServer(RAW.truncated!));
    const error = await rejection(analyzer.analyze(`${server.origin}/`, LOOPBACK), 'CONNECTION_RESET');
    expect(error.chain).toEqual([]);
  });

  it('rejects with CONNECTION_RESET when the server resets the connection, keeping the hops so far', async () => {
    const server = await track(startRawServer(RAW.resetAfterRequest!));
    const entry = await redirectTo(`${server.origin}/`);
    const error = await rejection(analyzer.analyze(`${entry.origin}/`, LOOPBACK), 'CONNECTION_RESET');
    expectPartialChain(error.chain, entry);
  });

  it('rejects with CONNECTION_RESET when an http server destroys the socket before answering', async () => {
    const server = await track(startServer((req) => req.socket.destroy()));
    await rejection(analyzer.analyze(`${server.origin}/`, LOOPBACK), 'CONNECTION_RESET');
  });

  // RFC 9112 §4: a response starts with a status line, `HTTP-version SP status-code SP [reason-phrase]`.
  it.each([
    ['garbage', 'the response does not start with an HTTP status line'],
    ['badStatus', 'the status line has no valid status code'],
  ])('rejects with PROTOCOL_ERROR on a malformed response (%s), in words', async (kind, words) => {
    const server = await track(startRawServer(RAW[kind]!));
    const entry = await redirectTo(`${server.origin}/`);
    const error = await rejection(analyzer.analyze(`${entry.origin}/`, LOOPBACK), 'PROTOCOL_ERROR');
    expectPartialChain(error.chain, entry);
    expect(error.details.url).toBe(`${server.origin}/`);
    expect(error.message).toBe(`Malformed HTTP response from ${server.origin}/: ${words}`);
    // The parser's own code and text stay for debugging.
    expect(error.details.raw).toMatch(/HTTP\/1.1 protocol/);
  });

  it('rejects with RESPONSE_TOO_LARGE on a 1 MiB header', async () => {
    const server = await track(startRawServer(RAW.hugeHeader!));
    const entry = await redirectTo(`${server.origin}/`);
    const error = await rejection(analyzer.analyze(`${entry.origin}/`, LOOPBACK), 'RESPONSE_TOO_LARGE');
    expectPartialChain(error.chain, entry);
  });

  it('rejects with RESPONSE_TOO_LARGE from node:http too', async () => {
    const server = await track(
      startServer((_req, res) => {
        res.writeHead(302, { location: '/x', 'x-big': 'b'.repeat(1024 * 1024) });
        res.end();
      }),
    );
    await rejection(analyzer.analyze(`${server.origin}/`, LOOPBACK), 'RESPONSE_TOO_LARGE');
  });

  it('honours a smaller maxHeaderSize given to the Analyzer', async () => {
    const server = await track(
      startServer((_req, res) => {
        res.writeHead(200, { 'x-medium': 'm'.repeat(8 * 1024) });
        res.end();
      }),
    );
    const small = new Analyzer({ maxHeaderSize: 4 * 1024 });
    try {
      await rejection(small.analyze(`${server.origin}/`, LOOPBACK), 'RESPONSE_TOO_LARGE');
      const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
      expect(result.summary.finalStatus).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('timeouts', () => {
  it.each([
    ['a silent server', 'silent'],
    ['a server that trickles header bytes', 'trickle'],
    ['a server that sends 103 Early Hints forever', 'earlyHints'],
  ])('rejects with TIMEOUT within timeout + 1 s on %s', async (_name, kind) => {
    const server = await track(startRawServer(RAW[kind]!));
    const entry = await redirectTo(`${server.origin}/`);
    const started = performance.now();
    const error = await rejection(
      analyzer.analyze(`${entry.origin}/`, { ...LOOPBACK, timeout: SHORT_TIMEOUT }),
      'TIMEOUT',
    );
    const elapsed = since(started);
    expect(elapsed).toBeGreaterThanOrEqual(SHORT_TIMEOUT - 50);
    expect(elapsed).toBeLessThan(SHORT_TIMEOUT + 1_000);
    expectPartialChain(error.chain, entry);
    expect(error.details.url).toBe(`${server.origin}/`);
    expect(error.message).toContain(`${SHORT_TIMEOUT} ms`);
  });

  it('times out a slow node:http response as well', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200, delay: 5_000 } }));
    const started = performance.now();
    await rejection(analyzer.analyze(`${server.origin}/`, { ...LOOPBACK, timeout: SHORT_TIMEOUT }), 'TIMEOUT');
    expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
  });

  it('bounds each hop, not the chain: slow hops under the timeout add up', async () => {
    const server = await track(
      startRedirectServer({
        '/a': { status: 301, location: '/b', delay: 600 },
        '/b': { status: 200, delay: 600 },
      }),
    );
    const result = await analyzer.analyze(`${server.origin}/a`, { ...LOOPBACK, timeout: SHORT_TIMEOUT });
    expect(result.summary.totalHops).toBe(2);
    expect(result.summary.totalTime).toBeGreaterThan(SHORT_TIMEOUT);
  });

  it('times a later hop from its own start: a hop that hangs after a slow one gets the whole timeout, and no more', async () => {
    // One timer serves the chain and is set again when it fires early for a later hop (src/core/hop/deadline.ts).
    const server = await track(
      startRedirectServer({
        '/a': { status: 301, location: '/b', delay: 600 },
        '/b': { status: 200, delay: 10_000 },
      }),
    );
    const started = performance.now();
    const error = await rejection(
      analyzer.analyze(`${server.origin}/a`, { ...LOOPBACK, timeout: SHORT_TIMEOUT }),
      'TIMEOUT',
    );
    const elapsed = since(started);
    expect(error.chain.map((hop) => hop.status)).toEqual([301]);
    expect(error.details.url).toBe(`${server.origin}/b`);
    expect(elapsed).toBeGreaterThanOrEqual(600 + SHORT_TIMEOUT - 50);
    expect(elapsed).toBeLessThan(600 + SHORT_TIMEOUT + 1_000);
  });
});

describe('aborting', () => {
  it('rejects with ABORTED when the caller aborts, whatever the reason it gives', async () => {
    const server = await track(startRawServer(RAW.silent!));
    for (const reason of [undefined, new Error('client went away')]) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(reason), 100);
      const started = performance.now();
      const error = await rejection(
        analyzer.analyze(`${server.origin}/`, { ...LOOPBACK, signal: controller.signal }),
        'ABORTED',
      );
      expect(since(started)).toBeLessThan(1_000);
      expect(error.chain).toEqual([]);
    }
  });

  it('rejects with ABORTED at once when the signal is already aborted, without connecting', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    await rejection(analyzer.analyze(`${server.origin}/`, { ...LOOPBACK, signal: AbortSignal.abort() }), 'ABORTED');
    expect(server.requests).toEqual([]);
  });
});

describe('refused input', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['not a url', 'no scheme'],
    ['/relative/path', 'relative'],
    ['ftp://127.0.0.1/file', 'ftp'],
    ['javascript:alert(1)', 'javascript'],
    ['file:///etc/passwd', 'file'],
    ['mailto:someone@example.com', 'mailto'],
    ['http://', 'no host'],
    ['http://[::1/', 'unclosed IPv6'],
    ['http://exa mple.test/', 'space in host'],
  ])('rejects %j (%s) with INVALID_URL', async (url) => {
    const error = await rejection(analyzer.analyze(url, LOOPBACK), 'INVALID_URL');
    expect(error.chain).toEqual([]);
  });

  it('rejects a non-string URL with INVALID_URL', async () => {
    await rejection(analyzer.analyze(42 as unknown as string), 'INVALID_URL');
  });

  it('refuses a submitted URL in blocked address space before connecting', async () => {
    const target = await track(startRedirectServer({ '/': { status: 200 } }));
    const target6 = await track(startRedirectServer({ '/': { status: 200 } }, '::1'));
    const urls = [
      `http://127.0.0.1:${target.port}/`,
      `http://127.1:${target.port}/`,
      `http://2130706433:${target.port}/`,
      `http://0x7f000001:${target.port}/`,
      `http://[::ffff:127.0.0.1]:${target.port}/`,
      `http://[::1]:${target6.port}/`,
      `http://localhost:${target.port}/`,
      `http://LOCALHOST.:${target.port}/`,
      `http://app.localhost:${target.port}/`,
      `http://known.test:${target.port}/`,
    ];
    for (const url of urls) {
      const error = await rejection(analyzer.analyze(url), 'BLOCKED_DESTINATION');
      expect(error.chain).toEqual([]);
    }
    expect(target.connections()).toBe(0);
    expect(target6.connections()).toBe(0);
  });

  it('refuses metadata and private addresses without trying to reach them', async () => {
    for (const host of ['169.254.169.254', '10.0.0.1', '192.168.1.1', '[fd00:ec2::254]', '0.0.0.0', '100.64.0.1']) {
      const started = performance.now();
      await rejection(analyzer.analyze(`http://${host}/`), 'BLOCKED_DESTINATION');
      expect(since(started)).toBeLessThan(1_000);
    }
  });
});

describe('invalid options', () => {
  it.each([
    ['maxHops', 0],
    ['maxHops', 21],
    ['maxHops', 2.5],
    ['maxHops', '10'],
    ['maxHops', Number.NaN],
    ['timeout', 999],
    ['timeout', 30_001],
    ['timeout', 1500.5],
    ['timeout', null],
    ['userAgent', ''],
    ['userAgent', '   '],
    ['userAgent', 'a'.repeat(513)],
    ['userAgent', 'evil\r\nX-Injected: 1'],
    ['userAgent', 'emoji 🚀'],
    ['userAgent', 7],
    ['method', 'POST'],
    ['method', 'DELETE'],
    ['cookies', 'yes'],
    ['cookies', 1],
    ['headers', 'some'],
    ['blockPrivate', 'false'],
    ['allowNetworks', '127.0.0.0/8'],
    ['allowNetworks', ['not-a-network']],
    ['allowNetworks', ['10.0.0.0/33']],
    ['allowNetworks', [42]],
  ])('rejects %s = %j with INVALID_OPTION naming it', async (option, value) => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    const error = await rejection(analyzer.analyze(`${server.origin}/`, { [option]: value }), 'INVALID_OPTION');
    expect(error.details.option).toBe(option);
    expect(error.message).toContain(option);
    expect(server.connections()).toBe(0);
  });

  it('accepts the bounds of each range', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    for (const options of [{ maxHops: 1 }, { maxHops: 20 }, { timeout: 1_000 }, { timeout: 30_000 }]) {
      const result = await analyzer.analyze(`${server.origin}/`, { ...LOOPBACK, ...options });
      expect(result.success).toBe(true);
    }
  });

  it('throws the error class every face relies on', async () => {
    const error = await analyzer.analyze('http://127.0.0.1/', { maxHops: 99 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HoplensError);
    expect(error).toBeInstanceOf(Error);
    expect((error as HoplensError).name).toBe('HoplensError');
  });
});
