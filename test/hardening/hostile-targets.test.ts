/**
 * Hostile targets, through the API: servers that hang, trickle, flood, lie about framing, send garbage or bad
 * certificates. Each case must give a JSON answer within its timeout + 3 s, with the right error code (500) or
 * finding (200); the service must still answer /healthz; and no socket may be left open, on the target's side
 * (its accepted sockets) or on the service's (every client socket this process opened).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/analyzer.js';
import {
  afterRequestHead,
  every,
  flood,
  type HostileServer,
  pathOf,
  startHostile,
} from '../helpers/hostile-servers.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { becomes } from '../helpers/polling.js';
import { tableResolver } from '../helpers/resolvers.js';
import { analyzePath, appWith } from '../helpers/service.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';

const tripwire = installTripwire();

/** The per-hop timeout every case is analysed with. */
const TIMEOUT = 1000;
const HOST = 'secure.test';

let app: FastifyInstance;
let pki: TestPki;
const servers: HostileServer[] = [];

beforeAll(async () => {
  pki = createTestPki(HOST);
  app = await appWith(
    { HOPLENS_RATE_LIMIT_PER_MINUTE: '100000', HOPLENS_RATE_LIMIT_PER_DAY: '100000' },
    { analyzer: new Analyzer({ resolver: tableResolver({ [HOST]: '127.0.0.1' }), ca: pki.ca }) },
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await Promise.all(servers.map((server) => server.close()));
});

/** Writes a whole response (head lines joined by CRLF) and closes. */
function respond(socket: Socket, lines: string[], body: string | Buffer = ''): void {
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]));
}

const ok = (socket: Socket) =>
  respond(socket, ['HTTP/1.1 200 OK', 'Content-Type: text/plain', 'Content-Length: 4', 'Connection: close'], 'done');

/** A server that answers `/done` with a plain 200 and everything else with `other`. */
function withDone(other: (socket: Socket, head: string) => void) {
  return (socket: Socket) =>
    afterRequestHead(socket, (head) => (pathOf(head) === '/done' ? ok(socket) : other(socket, head)));
}

interface Expectation {
  status: 200 | 500;
  /** `error.code` of a 500. */
  code?: string;
  /** `error.reason` of a TLS_ERROR. */
  reason?: string;
  /** Hops in the chain (the partial chain of a 500). */
  hops?: number;
  finalStatus?: number;
  /** An issue the 200 must report. */
  issue?: string;
  check?: (body: Record<string, unknown>) => void;
}

interface Case {
  name: string;
  start: () => Promise<HostileServer>;
  /** The URL to analyse on `server` (default: its origin + `/`). */
  url?: (server: HostileServer) => string;
  expected: Expectation;
}

const plain = (onSocket: (socket: Socket) => void) => () => startHostile(onSocket);

const CASES: Case[] = [
  {
    name: 'silent (accepts, never answers)',
    start: plain((socket) => socket.resume()),
    expected: { status: 500, code: 'TIMEOUT', hops: 0 },
  },
  {
    name: 'headers one byte a second',
    start: plain((socket) =>
      afterRequestHead(socket, () => {
        const head = Buffer.from(`HTTP/1.1 200 OK\r\nX-Slow: ${'s'.repeat(100)}\r\n\r\n`);
        let at = 0;
        every(socket, 1000, () => {
          socket.write(head.subarray(at, at + 1));
          at++;
          return at < head.length;
        });
      }),
    ),
    expected: { status: 500, code: 'TIMEOUT', hops: 0 },
  },
  {
    name: 'a 103 Early Hints every 100 ms, never a final status',
    start: plain((socket) =>
      afterRequestHead(socket, () => {
        every(socket, 100, () => {
          socket.write('HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n');
          return true;
        });
      }),
    ),
    expected: { status: 500, code: 'TIMEOUT', hops: 0 },
  },
  {
    name: 'a final HTML page whose body trickles',
    start: plain((socket) =>
      afterRequestHead(socket, () => {
        socket.write(
          'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n',
        );
        every(socket, 100, () => {
          socket.write('<p>');
          return true;
        });
      }),
    ),
    expected: { status: 200, hops: 1, finalStatus: 200 },
  },
  {
    name: 'a redirect whose body trickles',
    start: plain(
      withDone((socket) => {
        socket.write('HTTP/1.1 301 Moved\r\nLocation: /done\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n');
        every(socket, 100, () => {
          socket.write('x');
          return true;
        });
      }),
    ),
    expected: { status: 200, hops: 2, finalStatus: 200 },
  },
  {
    name: 'a 1 MiB header',
    start: plain((socket) =>
      afterRequestHead(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nX-Huge: ');
        flood(socket, Buffer.alloc(64 * 1024, 'h'), 1024 * 1024);
      }),
    ),
    expected: { status: 500, code: 'RESPONSE_TOO_LARGE', hops: 0 },
  },
  {
    name: '5,000 headers',
    start: plain((socket) =>
      afterRequestHead(socket, () => {
        const lines = ['HTTP/1.1 200 OK', 'Content-Length: 0', 'Connection: close'];
        for (let i = 0; i < 5000; i++) lines.push(`X-Header-${i}: value-${i}`);
        respond(socket, lines);
      }),
    ),
    // 5,000 short headers (~ 120 KB) exceed the 64 KiB header limit.
    expected: { status: 500, code: 'RESPONSE_TOO_LARGE', hops: 0 },
  },
  {
    name: 'a bad status line',
    start: plain((socket) => afterRequestHead(socket, () => respond(socket, ['HTTP/1.1 2OO OK', 'Content-Length: 0']))),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'not HTTP at all (an SSH banner)',
    start: plain((socket) => socket.resume().end('SSH-2.0-OpenSSH_9.6\r\n')),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'HTTP/0.9 (a body without a status line)',
    start: plain((socket) => afterRequestHead(socket, () => socket.end('<html><body>zero nine</body></html>\n'))),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'a NUL byte in a header value',
    start: plain((socket) =>
      afterRequestHead(socket, () => respond(socket, ['HTTP/1.1 200 OK', 'X-Nul: a\0b', 'Content-Length: 0'])),
    ),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'a NUL byte in the Location',
    start: plain((socket) =>
      afterRequestHead(socket, () => respond(socket, ['HTTP/1.1 301 Moved', 'Location: /a\0b', 'Content-Length: 0'])),
    ),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'Content-Length with Transfer-Encoding (a smuggling shape)',
    start: plain((socket) =>
      afterRequestHead(socket, () =>
        respond(
          socket,
          ['HTTP/1.1 301 Moved', 'Location: /done', 'Content-Length: 5', 'Transfer-Encoding: chunked'],
          '0\r\n\r\n',
        ),
      ),
    ),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'Transfer-Encoding with Content-Length (the same shape, headers the other way round)',
    start: plain((socket) =>
      afterRequestHead(socket, () =>
        respond(
          socket,
          ['HTTP/1.1 301 Moved', 'Location: /done', 'Transfer-Encoding: chunked', 'Content-Length: 5'],
          '0\r\n\r\n',
        ),
      ),
    ),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'two different Content-Lengths',
    start: plain((socket) =>
      afterRequestHead(socket, () =>
        respond(socket, ['HTTP/1.1 200 OK', 'Content-Length: 4', 'Content-Length: 40'], 'done'),
      ),
    ),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'status 999',
    start: plain((socket) =>
      afterRequestHead(socket, () =>
        respond(socket, ['HTTP/1.1 999 Whatever', 'Content-Length: 0', 'Connection: close']),
      ),
    ),
    expected: { status: 200, hops: 1, finalStatus: 999, issue: 'error_status' },
  },
  {
    name: 'status 99',
    start: plain((socket) =>
      afterRequestHead(socket, () => respond(socket, ['HTTP/1.1 99 Too Small', 'Content-Length: 0'])),
    ),
    expected: { status: 500, code: 'PROTOCOL_ERROR', hops: 0 },
  },
  {
    name: 'reset mid-headers',
    start: plain((socket) =>
      afterRequestHead(socket, () => {
        socket.write('HTTP/1.1 301 Moved Permanently\r\nLocation: /do', () =>
          setTimeout(() => socket.resetAndDestroy(), 20),
        );
      }),
    ),
    expected: { status: 500, code: 'CONNECTION_RESET', hops: 0 },
  },
  {
    name: 'closed early (no response at all)',
    start: plain((socket) => afterRequestHead(socket, () => socket.end())),
    expected: { status: 500, code: 'CONNECTION_RESET', hops: 0 },
  },
  {
    name: 'closed early on the second hop (the partial chain is reported)',
    start: plain((socket) =>
      afterRequestHead(socket, (head) =>
        pathOf(head) === '/next'
          ? socket.end()
          : respond(socket, ['HTTP/1.1 302 Found', 'Location: /next', 'Content-Length: 0', 'Connection: close']),
      ),
    ),
    expected: { status: 500, code: 'CONNECTION_RESET', hops: 1 },
  },
  {
    name: 'a silent second hop (timeout with the partial chain)',
    start: plain((socket) =>
      afterRequestHead(socket, (head) => {
        if (pathOf(head) !== '/next') {
          respond(socket, [
            'HTTP/1.1 307 Temporary Redirect',
            'Location: /next',
            'Content-Length: 0',
            'Connection: close',
          ]);
        }
      }),
    ),
    expected: { status: 500, code: 'TIMEOUT', hops: 1 },
  },
  {
    name: 'an endless HTML body',
    start: plain((socket) =>
      afterRequestHead(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n');
        flood(socket, Buffer.alloc(16 * 1024, '<p>'));
      }),
    ),
    expected: { status: 200, hops: 1, finalStatus: 200 },
  },
  {
    name: 'an endless redirect body',
    start: plain(
      withDone((socket) => {
        socket.write(
          'HTTP/1.1 302 Found\r\nLocation: /done\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
        );
        const chunk = Buffer.alloc(16 * 1024, 'r');
        flood(socket, Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
      }),
    ),
    expected: { status: 200, hops: 2, finalStatus: 200 },
  },
  {
    name: 'a 10 MB redirect body',
    start: plain(
      withDone((socket) => {
        const size = 10 * 1024 * 1024;
        socket.write(`HTTP/1.1 301 Moved\r\nLocation: /done\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`);
        flood(socket, Buffer.alloc(64 * 1024, 'b'), size);
      }),
    ),
    expected: { status: 200, hops: 2, finalStatus: 200 },
  },
  {
    name: 'two different Location headers',
    start: plain((socket) =>
      afterRequestHead(socket, () =>
        respond(socket, [
          'HTTP/1.1 301 Moved',
          'Location: /one',
          'Location: http://127.0.0.1:1/two',
          'Content-Length: 0',
          'Connection: close',
        ]),
      ),
    ),
    expected: { status: 200, hops: 1, issue: 'invalid_location' },
  },
  {
    name: 'a non-UTF-8 Location (latin1 byte)',
    start: plain((socket) =>
      afterRequestHead(socket, (head) =>
        pathOf(head) === '/caf%E9'
          ? ok(socket)
          : respond(socket, ['HTTP/1.1 301 Moved', 'Location: /caf\xe9', 'Content-Length: 0', 'Connection: close']),
      ),
    ),
    expected: {
      status: 200,
      hops: 2,
      finalStatus: 200,
      check: (body) => expect((body.summary as { finalUrl: string }).finalUrl).toMatch(/\/caf%E9$/),
    },
  },
  {
    name: 'a TLS port that accepts and never handshakes',
    start: plain((socket) => socket.resume()),
    url: (server) => `https://127.0.0.1:${server.port}/`,
    expected: { status: 500, code: 'TIMEOUT', hops: 0 },
  },
  {
    name: 'plain HTTP where TLS was expected',
    // What an HTTP server says to a TLS ClientHello: a 400, in clear text.
    start: plain((socket) =>
      socket.once('data', () => respond(socket, ['HTTP/1.1 400 Bad Request', 'Content-Length: 0'])),
    ),
    url: (server) => `https://127.0.0.1:${server.port}/`,
    expected: { status: 500, code: 'TLS_ERROR', hops: 0 },
  },
  ...(['selfSigned', 'expired', 'wrongHost'] as const).map(
    (kind): Case => ({
      name: `a ${kind} certificate`,
      start: () => startHostile((socket) => afterRequestHead(socket, () => ok(socket)), { tls: pki[kind] }),
      url: (server) => `https://${HOST}:${server.port}/`,
      expected: {
        status: 500,
        code: 'TLS_ERROR',
        reason: { selfSigned: 'self-signed', expired: 'expired', wrongHost: 'wrong-host' }[kind],
        hops: 0,
      },
    }),
  ),
];

describe('hostile targets through the API', () => {
  it('checks the control: a valid certificate from the trusted CA works', async () => {
    const server = await startHostile((socket) => afterRequestHead(socket, () => ok(socket)), { tls: pki.valid });
    servers.push(server);
    const response = await app.inject({ url: analyzePath({ url: `https://${HOST}:${server.port}/` }) });
    expect(response.statusCode).toBe(200);
  });

  it('bounds a chain whose every hop answers just inside the per-hop timeout by the whole-analysis deadline', async () => {
    const bounded = await appWith({ HOPLENS_ANALYSIS_TIMEOUT_MS: '2500', HOPLENS_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      // Each hop answers after 500 ms (under the 1 s per-hop timeout) and redirects to the next, forever: five hops
      // in the 2.5 s on a quiet machine, and two even when a loaded one takes 1.2 s per hop (800 ms got none there).
      const server = await startHostile((socket) =>
        afterRequestHead(socket, (head) => {
          const hop = Number(/\/hop\/(\d+)/.exec(pathOf(head))?.[1] ?? 0);
          const timer = setTimeout(
            () =>
              respond(socket, [
                'HTTP/1.1 302 Found',
                `Location: /hop/${hop + 1}`,
                'Content-Length: 0',
                'Connection: close',
              ]),
            500,
          );
          socket.once('close', () => clearTimeout(timer));
        }),
      );
      servers.push(server);
      const started = performance.now();
      const response = await bounded.inject({
        url: analyzePath({ url: `${server.origin}/hop/0`, timeout: String(TIMEOUT), maxHops: '20' }),
      });
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body.error.code).toBe('TIMEOUT');
      expect(body.chain.length).toBeGreaterThanOrEqual(2);
      expect(elapsed).toBeLessThan(2500 + 1000);
      await becomes(() => server.open() === 0 && tripwire.openClientSockets() === 0, 1000);
      expect({ target: server.open(), service: tripwire.openClientSockets() }).toEqual({ target: 0, service: 0 });
    } finally {
      await bounded.close();
    }
  });

  it.each(CASES.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const server = await entry.start();
    servers.push(server);
    const url = entry.url?.(server) ?? `${server.origin}/`;
    const started = performance.now();
    // robots=false: each case bounds the chain's own time; a robots.txt read may take one more hop timeout.
    const response = await app.inject({ url: analyzePath({ url, timeout: String(TIMEOUT), robots: 'false' }) });
    const elapsed = performance.now() - started;

    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as Record<string, unknown> & {
      error?: { code: string; reason?: string };
      chain: unknown[];
      summary?: { finalStatus: number; issues: Array<{ type: string }> };
    };
    const { expected } = entry;
    // Soft: a wrong code is reported, and the checks below (time, health, sockets) still run.
    expect.soft({ status: response.statusCode, code: body.error?.code }).toEqual({
      status: expected.status,
      code: expected.code,
    });
    // Bounded by the timeout, not by the server: a case that hung would take minutes (a trickled body, 100,000 bytes
    // at 100 ms each). The room above it is for a loaded two-core machine: the trickled page took 2.28 s of 2 s in
    // a clean-clone CI run while other suites ran.
    expect(elapsed).toBeLessThan(TIMEOUT + 3000);
    if (expected.reason !== undefined) expect(body.error?.reason).toBe(expected.reason);
    if (expected.hops !== undefined) expect(body.chain).toHaveLength(expected.hops);
    if (expected.finalStatus !== undefined) expect(body.summary?.finalStatus).toBe(expected.finalStatus);
    if (expected.issue !== undefined) {
      expect(body.summary?.issues.map((issue) => issue.type)).toContain(expected.issue);
    }
    expected.check?.(body);
    expect(server.connections()).toBeGreaterThan(0);

    // Still healthy, and the analysis gave its slot back.
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect({ inFlight: app.hoplens.gate.inFlight, waiting: app.hoplens.gate.waiting }).toEqual({
      inFlight: 0,
      waiting: 0,
    });
    // Nothing left open on either side. The grace is for FINs in flight and for a connection attempt that hangs,
    // which its pool tears down up to a second after the hop failed (src/core/analyzer.ts, poolFor): 3 s, since a
    // loaded machine (two busy loops on two cores) took longer than 1 s; a leak would stay open for good.
    await becomes(() => server.open() === 0 && tripwire.openClientSockets() === 0, 3000);
    expect({ target: server.open(), service: tripwire.openClientSockets() }).toEqual({ target: 0, service: 0 });
    // And nothing reached beyond loopback.
    expect(tripwire.attempts.filter((attempt) => !attempt.allowed)).toEqual([]);
  });
});
