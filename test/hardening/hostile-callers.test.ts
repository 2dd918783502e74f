/**
 * Hostile callers: fuzzed query strings, header injection through the User-Agent or the URL, and oversized URLs.
 * Whatever arrives, the answer is JSON with a 2xx or 4xx status: never a 500 for bad input, never a crash, never a
 * hang. The apps are set up so no analysis can reach a network (names resolve to a private address and blocking is
 * on, or the only URL that can succeed points at a local server), so a 500 here is always a defect.
 */
import { createConnection, type Socket } from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/analyzer.js';
import { cleanupAfterAll } from '../helpers/cleanups.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { analyzePath, appWith, listen } from '../helpers/service.js';

const tripwire = installTripwire();

const UNLIMITED = { HOPLENS_RATE_LIMIT_PER_MINUTE: '10000000', HOPLENS_RATE_LIMIT_PER_DAY: '10000000' };

/** An analyzer for which every name resolves to a private address: with blocking on, nothing is reachable. */
const unreachable = () => new Analyzer({ resolver: tableResolver({}, '10.20.30.40') });

let blocked: FastifyInstance;
let local: FastifyInstance;
let target: TestServer;
const closers = cleanupAfterAll();

beforeAll(async () => {
  target = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    res.end('ok');
  });
  closers.push(() => target.close());
  // Blocking on, nothing exempt, every name resolves to a private address: nothing can be analysed.
  blocked = await appWith({ HOPLENS_ALLOW_NETWORKS: '', ...UNLIMITED }, { analyzer: unreachable() });
  closers.push(() => blocked.close());
  // Loopback exempt: only the local target is reachable.
  local = await appWith(UNLIMITED, { analyzer: new Analyzer({ resolver: tableResolver({}) }) });
  closers.push(() => local.close());
});

interface Answer {
  status: number;
  contentType: string;
  body: { success?: boolean; error?: { code?: string; parameter?: string } };
}

async function ask(app: FastifyInstance, query: string): Promise<Answer> {
  const response = await app.inject({ method: 'GET', url: `/api/analyze?${query}` });
  let body: Answer['body'];
  try {
    body = response.json();
  } catch {
    throw new Error(`not JSON (${response.statusCode}): ${response.body.slice(0, 200)}`);
  }
  return { status: response.statusCode, contentType: String(response.headers['content-type']), body };
}

/** Parameter names: the real ones, array and object forms, prototype keys, garbage. */
const names = fc.oneof(
  fc.constantFrom(
    'url',
    'userAgent',
    'maxHops',
    'timeout',
    'url[]',
    'url[a]',
    'url[0]',
    'userAgent[]',
    'maxHops[]',
    'timeout[x]',
    'URL',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    '%',
    '%zz',
    '%00',
    '%E2%80%AE',
    'url%5B%5D',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const bigString = fc.integer({ min: 2_049, max: 120_000 }).map((length) => 'a'.repeat(length));

/** Values: numbers in every wrong notation, URLs of every kind, unicode, control characters, huge strings. */
const values = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '10',
    ' 10',
    '10 ',
    '1e3',
    '0x10',
    '1.5',
    '-1',
    '0',
    '21',
    '999',
    '1000',
    '30000',
    '30001',
    '99999999999999999999999',
    'NaN',
    'Infinity',
    'true',
    'null',
    '[]',
    '{}',
    '%',
    '%zz',
    '%ff',
    '%c0%af',
    '%ed%a0%80',
    '%00',
    '\u0000',
    'a\r\nX-Injected: 1',
    '\u2028',
    '\u0085',
    '\ud800',
    'http://example.test/',
    'https://example.test:8443/path?q=1#frag',
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0x7f000001/',
    'http://１２７.０.０.１/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'gopher://127.0.0.1:6379/_FLUSHALL',
    'http://',
    'http://[',
    'http://a b/',
    '//example.test/',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  bigString,
);

/** encodeURIComponent that survives lone surrogates (sent as the UTF-8 of U+FFFD, as a real client would). */
function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.!~*'()]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** How a pair travels: percent-encoded as a browser would, or raw as a hostile client writes it. */
const pair = fc
  .tuple(names, values, fc.boolean())
  .map(([name, value, encode]) => (encode ? `${pct(name)}=${pct(value)}` : `${name}=${value}`));

/** Query strings: random pairs, sometimes with a URL (possibly repeated), glued with & or garbage separators. */
const queries = fc
  .tuple(
    fc.array(pair, { maxLength: 8 }),
    fc.option(fc.array(values, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    fc.constantFrom('&', '&&', ';', '&amp;'),
  )
  .map(([pairs, urls, separator]) => [...pairs, ...(urls ?? []).map((url) => `url=${pct(url)}`)].join(separator));

/** Keeps an inject URL a valid request-target: characters HTTP cannot carry raw are percent-encoded. */
function requestTarget(query: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be escaped
  return query.replace(/[\u0000-\u0020#\u007f-\uffff]/g, (char) => pct(char));
}

/**
 * Everything `socket` receives (as latin1) until the server closes it. If it is still open after `timeoutMs`, it is
 * destroyed and the promise rejects with `tooLong(what was received so far)`.
 */
function readUntilClosed(socket: Socket, timeoutMs: number, tooLong: (received: string) => Error): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(tooLong(received));
    }, timeoutMs);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

/** Writes `bytes` on a fresh connection to `port` and returns everything read until the server closes (at most 2 s). */
function exchange(port: number, bytes: Buffer): Promise<string> {
  const socket = createConnection({ port, host: '127.0.0.1' });
  const answer = readUntilClosed(
    socket,
    2000,
    (received) => new Error(`no complete answer within 2 s, got ${JSON.stringify(received.slice(0, 200))}`),
  );
  socket.write(bytes);
  return answer;
}

function expectWellFormed(answer: Answer): void {
  expect(answer.contentType).toMatch(/^application\/json/);
  const ok = (answer.status >= 200 && answer.status < 300) || (answer.status >= 400 && answer.status < 500);
  expect(ok, `status ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(true);
  if (answer.status >= 400) {
    expect(answer.body.success).toBe(false);
    expect(typeof answer.body.error?.code).toBe('string');
  } else {
    expect(answer.body.success).toBe(true);
  }
}

describe('fuzzed query strings', () => {
  it('always answer JSON with 2xx or 4xx, on a service that cannot reach anything', async () => {
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        const answer = await ask(blocked, requestTarget(query));
        expectWellFormed(answer);
        // Nothing is reachable: a 2xx would mean an analysis ran somewhere.
        expect(answer.status).not.toBe(200);
        expect(tripwire.attempts).toEqual([]);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400) },
    );
  }, 60_000);

  it('answer 200 or a 400 naming the parameter when only the options are hostile (local target)', async () => {
    const url = `${target.origin}/`;
    const option = fc.tuple(fc.constantFrom('userAgent', 'maxHops', 'timeout'), values, fc.boolean());
    await fc.assert(
      fc.asyncProperty(fc.array(option, { maxLength: 4 }), fc.array(pair, { maxLength: 3 }), async (options, extra) => {
        const parts = [`url=${encodeURIComponent(url)}`, ...extra];
        for (const [name, value, encode] of options) {
          parts.push(`${name}=${encode ? pct(value) : value}`);
        }
        const answer = await ask(local, requestTarget(parts.join('&')));
        expectWellFormed(answer);
        if (answer.status !== 200) {
          expect(answer.status).toBe(400);
          expect(['INVALID_PARAMETER', 'INVALID_URL']).toContain(answer.body.error?.code);
        }
        expect(tripwire.attempts.filter((attempt) => !attempt.allowed)).toEqual([]);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
  }, 60_000);

  it('answer JSON on a real socket too, whatever bytes the request line carries', async () => {
    const app = await appWith({ HOPLENS_ALLOW_NETWORKS: '', ...UNLIMITED }, { analyzer: unreachable() });
    closers.push(() => app.close());
    const port = Number(new URL(await listen(app)).port);
    // Raw bytes, as a hostile client writes them: Node's parser refuses some (controls, spaces) before any route.
    const rawQuery = fc.oneof(queries, fc.string({ unit: 'binary', maxLength: 200 }));
    await fc.assert(
      fc.asyncProperty(rawQuery, async (query) => {
        const line = `GET /api/analyze?${query.replace(/[\r\n]/g, '')} HTTP/1.1\r\nHost: hoplens.test\r\nConnection: close\r\n\r\n`;
        const raw = await exchange(port, Buffer.from(line, 'utf8'));
        expect(raw, JSON.stringify(query)).toMatch(/^HTTP\/1\.1 (2|4)\d\d /);
        const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
        expect(() => JSON.parse(body), body.slice(0, 200)).not.toThrow();
        expect(tripwire.attempts.filter((attempt) => !attempt.allowed)).toEqual([]);
      }),
      { numRuns: Math.ceil(Number(process.env.FUZZ_RUNS ?? 400) / 4) },
    );
  }, 60_000);

  it.each([
    ['url[]', 'url[]=http://example.test/'],
    ['url[a]', 'url[a]=http://example.test/'],
    ['url[] and url', 'url[]=http://example.test/&url=http://example.test/'],
    ['repeated url', 'url=http://example.test/&url=http://example.test/'],
    ['repeated maxHops', `url=http://example.test/&maxHops=5&maxHops=6`],
    ['maxHops[]', 'url=http://example.test/&maxHops[]=5'],
    ['__proto__', 'url=http://example.test/&__proto__[maxHops]=50'],
    ['constructor', 'url=http://example.test/&constructor[prototype][x]=1'],
  ])('array and prototype parameters (%s): a 400, not a crash', async (_name, query) => {
    const answer = await ask(blocked, query);
    expectWellFormed(answer);
    expect(answer.status).toBe(400);
  });
});

describe('header injection', () => {
  it.each([
    ['CR LF', 'hoplens\r\nX-Injected: 1'],
    ['LF', 'hoplens\nX-Injected: 1'],
    ['CR', 'hoplens\rX-Injected: 1'],
    ['trailing CR LF', 'hoplens\r\n'],
    ['NUL', 'hop\u0000lens'],
    ['NEL (C1)', 'hop\u0085lens'],
    ['DEL', 'hop\u007flens'],
    ['line separator (not Latin-1)', 'hop\u2028lens'],
  ])('refuses a userAgent with %s, and sends nothing', async (_name, userAgent) => {
    const before = target.requests.length;
    const answer = await ask(local, analyzePath({ url: `${target.origin}/`, userAgent }).split('?')[1]!);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'userAgent' });
    expect(target.requests.length).toBe(before);
  });

  it('never lets CR/LF in the URL reach the request line (WHATWG drops raw ones, keeps encoded ones encoded)', async () => {
    const before = target.received.length;
    for (const url of [
      `${target.origin}/a\r\nX-Injected: 1`,
      `${target.origin}/b%0d%0aX-Injected:%201`,
      `${target.origin}/c?q=%0d%0a%0d%0aGET%20/evil`,
    ]) {
      const answer = await ask(local, analyzePath({ url }).split('?')[1]!);
      expect(answer.status).toBe(200);
    }
    const received = target.received.slice(before);
    expect(received).toHaveLength(3);
    for (const seen of received) {
      expect(seen.headers['x-injected']).toBeUndefined();
      expect(seen.url).not.toMatch(/[\r\n]/);
    }
  });
});

describe('slow callers (slowloris)', () => {
  it('cuts off a request head that trickles, and a connection that sends nothing, within ~10 s', async () => {
    const app = await appWith({ HOPLENS_ALLOW_NETWORKS: '', ...UNLIMITED }, { analyzer: unreachable() });
    closers.push(() => app.close());
    const port = Number(new URL(await listen(app)).port);
    const hold = async (trickle: boolean): Promise<{ ms: number; text: string }> => {
      const begun = performance.now();
      const socket = createConnection({ port, host: '127.0.0.1' });
      let ticker: NodeJS.Timeout | undefined;
      const closed = readUntilClosed(
        socket,
        20_000,
        () => new Error('the service kept a slow connection open for 20 s'),
      );
      if (trickle) {
        socket.write('GET /api/analyze?url=http%3A%2F%2Fexample.test%2F HTTP/1.1\r\nHost: hoplens.test\r\nX-Slow: ');
        ticker = setInterval(() => socket.write('s'), 200);
      }
      try {
        const text = await closed;
        return { ms: performance.now() - begun, text };
      } finally {
        clearInterval(ticker);
      }
    };
    const [trickled, silent] = await Promise.all([hold(true), hold(false)]);
    for (const { ms } of [trickled, silent]) {
      expect(ms).toBeGreaterThan(9_000);
      expect(ms).toBeLessThan(13_000);
    }
    expect(trickled.text).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(JSON.parse(trickled.text.slice(trickled.text.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMETER' },
    });
  }, 30_000);
});

describe('a 100 KB URL', () => {
  const huge = `http://example.test/${'a'.repeat(100 * 1024)}`;

  it('is refused quickly through inject', async () => {
    const started = performance.now();
    const answer = await ask(blocked, `url=${encodeURIComponent(huge)}`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'url' });
  });

  it('is refused quickly on a real socket, with a JSON answer', async () => {
    const app = await appWith({ HOPLENS_ALLOW_NETWORKS: '', ...UNLIMITED }, { analyzer: unreachable() });
    closers.push(() => app.close());
    const origin = await listen(app);
    const started = performance.now();
    const response = await request(`${origin}/api/analyze?url=${encodeURIComponent(huge)}`, {
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    const text = await response.body.text();
    expect(performance.now() - started).toBeLessThan(1000);
    expect([400, 414, 431]).toContain(response.statusCode);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toMatchObject({ success: false, error: { code: 'INVALID_PARAMETER' } });

    // The same, written raw by a client that never reads the answer's framing: the server still closes.
    const port = Number(new URL(origin).port);
    const begun = performance.now();
    const rawText = await exchange(
      port,
      Buffer.from(`GET /api/analyze?url=${encodeURIComponent(huge)} HTTP/1.1\r\nHost: hoplens.test\r\n\r\n`),
    );
    const raw = { text: rawText, ms: performance.now() - begun };
    expect(raw.ms).toBeLessThan(1000);
    expect(raw.text).toMatch(/^HTTP\/1\.1 4\d\d /);
    const body = raw.text.slice(raw.text.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toMatchObject({ success: false });
  });
});
