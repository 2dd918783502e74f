/**
 * The address policy applied to names: every answer of a lookup is checked, at every connection, so mixed answers
 * and DNS rebinding cannot reach a blocked address; and the last check on the socket's own remote address.
 *
 * 127.0.0.2 stands in for a public address (it is the only one `allowNetworks` lets through) and 127.0.0.1 for the
 * private network the guard protects; no test connects anywhere off loopback.
 */
import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createGuardedConnector, createGuardedLookup } from '../../src/core/address/guarded-connector.js';
import { AddressPolicy, type AnalyzeOptions, Analyzer, parseNetworks } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';
import { closeAfterEach, LOOPBACK, rejection, SHORT_TIMEOUT, since } from './helpers/analysis.js';

const PUBLIC_STAND_IN = '127.0.0.2';
// robots.txt unread: its request would be one more look-up and connection than these tests count.
const ONLY_STAND_IN: AnalyzeOptions = { allowNetworks: [`${PUBLIC_STAND_IN}/32`], robots: false };

const track = closeAfterEach();

describe('names with several answers', () => {
  it.each([
    ['public first', [PUBLIC_STAND_IN, '127.0.0.1']],
    ['private first', ['127.0.0.1', PUBLIC_STAND_IN]],
    ['private IPv6 among them', [PUBLIC_STAND_IN, '::1']],
  ])('refuses a name with a public and a private answer (%s)', async (_order, answers) => {
    const stand = await track(startRedirectServer({ '/': { status: 200 } }, PUBLIC_STAND_IN));
    const resolver = tableResolver({ 'mixed.test': answers });
    const analyzer = await track(new Analyzer({ resolver }));
    const error = await rejection(
      analyzer.analyze(`http://mixed.test:${stand.port}/`, ONLY_STAND_IN),
      'BLOCKED_DESTINATION',
    );
    expect(error.chain).toEqual([]);
    expect(error.message).toContain('mixed.test');
    expect(stand.connections()).toBe(0);
  });

  it('connects to a name whose answers are all allowed', async () => {
    const stand = await track(startRedirectServer({ '/': { status: 200 } }, PUBLIC_STAND_IN));
    const analyzer = await track(new Analyzer({ resolver: tableResolver({ 'fine.test': PUBLIC_STAND_IN }) }));
    const result = await analyzer.analyze(`http://fine.test:${stand.port}/`, ONLY_STAND_IN);
    expect(result.summary.finalStatus).toBe(200);
    expect(stand.received[0]!.headers.host).toBe(`fine.test:${stand.port}`);
  });

  it('connects over IPv6 when that is all a name has', async () => {
    const six = await track(startRedirectServer({ '/': { status: 200 } }, '::1'));
    const analyzer = await track(new Analyzer({ resolver: tableResolver({ 'six.test': '::1' }) }));
    const result = await analyzer.analyze(`http://six.test:${six.port}/`, LOOPBACK);
    expect(result.summary.finalStatus).toBe(200);
  });
});

describe('DNS rebinding', () => {
  /** Two servers on one port: the stand-in public one, and the private one the rebinding aims at. */
  async function twinServers(): Promise<{ stand: TestServer; target: TestServer }> {
    for (let attempt = 0; ; attempt++) {
      const stand = await track(
        startServer((_req, res) => {
          // `connection: close` makes the next hop open a new connection, and so look the name up again.
          res.writeHead(302, { location: '/next', connection: 'close' });
          res.end();
        }, PUBLIC_STAND_IN),
      );
      try {
        const target = await track(
          startRedirectServer({ '/next': { status: 200, body: 'secret' } }, '127.0.0.1', stand.port),
        );
        return { stand, target };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 10) throw error;
      }
    }
  }

  it('holds a name that answers public first and loopback next to its first address, never reaching loopback', async () => {
    const { stand, target } = await twinServers();
    const resolver = tableResolver({ 'rebind.test': (call) => (call === 0 ? PUBLIC_STAND_IN : '127.0.0.1') });
    const analyzer = await track(new Analyzer({ resolver }));
    const result = await analyzer.analyze(`http://rebind.test:${stand.port}/`, ONLY_STAND_IN);
    // One address per name for the whole analysis (SECURITY.md): the later hops go where the first one did, on
    // connections of their own (the stand-in closes each), and the name is never looked up again.
    expect(result.chain.map((hop) => hop.remoteAddress)).toEqual([PUBLIC_STAND_IN, PUBLIC_STAND_IN]);
    expect(result.summary.hasLoop).toBe(true);
    expect(resolver.calls).toEqual(['rebind.test']);
    expect(stand.connections()).toBe(2);
    // The private server never saw a connection.
    expect(target.connections()).toBe(0);
    expect(target.requests).toEqual([]);
  });

  it('follows the same chain when the name keeps its public answer', async () => {
    const { stand, target } = await twinServers();
    const resolver = tableResolver({ 'stable.test': PUBLIC_STAND_IN });
    const analyzer = await track(new Analyzer({ resolver }));
    const result = await analyzer.analyze(`http://stable.test:${stand.port}/`, ONLY_STAND_IN);
    // /next on the stand-in redirects again, to itself: a loop, but reached through two real connections.
    expect(result.summary.hasLoop).toBe(true);
    expect(resolver.calls).toEqual(['stable.test']);
    expect(stand.connections()).toBe(2);
    expect(target.connections()).toBe(0);
  });

  it('refuses a name rebinding to loopback when it is submitted again later', async () => {
    // The server keeps no connection open, so the second analysis must connect (and look up) again.
    const stand = await track(
      startRedirectServer({ '/': { status: 200, headers: { connection: 'close' } } }, PUBLIC_STAND_IN),
    );
    const resolver = tableResolver({ 'later.test': (call) => (call === 0 ? PUBLIC_STAND_IN : '127.0.0.1') });
    const analyzer = await track(new Analyzer({ resolver }));
    await analyzer.analyze(`http://later.test:${stand.port}/`, ONLY_STAND_IN);
    await rejection(analyzer.analyze(`http://later.test:${stand.port}/`, ONLY_STAND_IN), 'BLOCKED_DESTINATION');
    expect(resolver.calls).toEqual(['later.test', 'later.test']);
    expect(stand.connections()).toBe(1);
  });
});

describe('localhost names', () => {
  it('refuses localhost without asking the resolver when loopback is blocked', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    const resolver = tableResolver({ localhost: '127.0.0.1', 'app.localhost': '127.0.0.1' });
    const analyzer = await track(new Analyzer({ resolver }));
    for (const host of ['localhost', 'app.localhost', 'LocalHost.']) {
      await rejection(analyzer.analyze(`http://${host}:${server.port}/`, ONLY_STAND_IN), 'BLOCKED_DESTINATION');
    }
    expect(resolver.calls).toEqual([]);
    expect(server.connections()).toBe(0);
  });

  it('refuses a localhost name even if a resolver claims it is public', async () => {
    const stand = await track(startRedirectServer({ '/': { status: 200 } }, PUBLIC_STAND_IN));
    const analyzer = await track(new Analyzer({ resolver: tableResolver({ localhost: PUBLIC_STAND_IN }) }));
    await rejection(analyzer.analyze(`http://localhost:${stand.port}/`, ONLY_STAND_IN), 'BLOCKED_DESTINATION');
    expect(stand.connections()).toBe(0);
  });

  it('reaches localhost when loopback is exempt, checking what it resolves to', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    const analyzer = await track(new Analyzer({ resolver: tableResolver({ localhost: '127.0.0.1' }) }));
    const result = await analyzer.analyze(`http://localhost:${server.port}/`, LOOPBACK);
    expect(result.summary.finalStatus).toBe(200);
    // Exempting 127.0.0.0/8 does not let a localhost answer outside it through.
    const odd = await track(new Analyzer({ resolver: tableResolver({ localhost: ['127.0.0.1', '10.0.0.1'] }) }));
    await rejection(odd.analyze(`http://localhost:${server.port}/`, LOOPBACK), 'BLOCKED_DESTINATION');
  });
});

describe('slow or broken resolvers', () => {
  it('times out a lookup that never answers, within timeout + 1 s', async () => {
    const analyzer = await track(new Analyzer({ resolver: () => new Promise(() => {}) }));
    const started = performance.now();
    const error = await rejection(
      analyzer.analyze('http://hang.test/', { ...LOOPBACK, timeout: SHORT_TIMEOUT }),
      'TIMEOUT',
    );
    expect(since(started)).toBeLessThan(SHORT_TIMEOUT + 1_000);
    expect(error.details.url).toBe('http://hang.test/');
  });

  it('reports a resolver failure code other than ENOTFOUND as DNS_ERROR too', async () => {
    const resolver = async () => {
      throw Object.assign(new Error('queryA ESERVFAIL'), { code: 'ESERVFAIL' });
    };
    const analyzer = await track(new Analyzer({ resolver }));
    const error = await rejection(analyzer.analyze('http://broken.test/', LOOPBACK), 'DNS_ERROR');
    expect(error.message).toContain('ESERVFAIL');
  });
});

describe('proxy settings', () => {
  it('ignores proxy environment variables for traced requests', async () => {
    const proxy = await track(startRedirectServer({}));
    const target = await track(startRedirectServer({ '/': { status: 200 } }));
    const saved = {
      HTTP_PROXY: process.env.HTTP_PROXY,
      http_proxy: process.env.http_proxy,
      NO_PROXY: process.env.NO_PROXY,
    };
    process.env.HTTP_PROXY = proxy.origin;
    process.env.http_proxy = proxy.origin;
    process.env.NO_PROXY = '';
    try {
      const analyzer = await track(new Analyzer());
      const result = await analyzer.analyze(`${target.origin}/`, LOOPBACK);
      expect(result.summary.finalStatus).toBe(200);
      expect(target.requests).toEqual(['/']);
      expect(proxy.connections()).toBe(0);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe('guarded connector and lookup', () => {
  const strict = new AddressPolicy({ blockPrivate: true, allowNetworks: [] });
  const standIn = new AddressPolicy({ blockPrivate: true, allowNetworks: parseNetworks([`${PUBLIC_STAND_IN}/32`]) });

  function connectWith(policy: AddressPolicy, hostname: string, port: number): Promise<Socket> {
    const connect = createGuardedConnector({ policy, resolver: tableResolver({}), connectTimeout: 2_000 });
    return new Promise((resolve, reject) => {
      connect({ hostname, protocol: 'http:', port: String(port) }, (error, socket) => {
        if (error !== null) reject(error);
        else resolve(socket as Socket);
      });
    });
  }

  it('checks the address a socket actually connected to, even for an IP literal that skipped the lookup', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    const error = await connectWith(strict, '127.0.0.1', server.port).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'BLOCKED_DESTINATION' });
    expect((error as Error).message).toContain('127.0.0.1');
  });

  it('refuses a blocked IP literal before connecting: the address sees no connection', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }));
    for (const hostname of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
      const error = await connectWith(strict, hostname, server.port).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'BLOCKED_DESTINATION' });
    }
    expect(server.connections()).toBe(0);
  });

  it('hands over a socket whose remote address is allowed', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200 } }, PUBLIC_STAND_IN));
    const socket = await connectWith(standIn, PUBLIC_STAND_IN, server.port);
    expect(socket.remoteAddress).toBe(PUBLIC_STAND_IN);
    socket.destroy();
  });

  function lookup(policy: AddressPolicy, table: Record<string, string[]>, options: { all?: boolean; family?: number }) {
    const guarded = createGuardedLookup(policy, tableResolver(table));
    return new Promise<unknown>((resolve, reject) => {
      guarded('name.test', options, (error, address, family) => {
        if (error !== null) reject(error);
        else resolve(options.all ? address : { address, family });
      });
    });
  }

  it('answers all: true lookups with every address, filtered by family', async () => {
    const table = { 'name.test': [PUBLIC_STAND_IN, '2001:4860:4860::8888'] };
    await expect(lookup(standIn, table, { all: true })).resolves.toEqual([
      { address: PUBLIC_STAND_IN, family: 4 },
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
    await expect(lookup(standIn, table, { all: true, family: 6 })).resolves.toEqual([
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
    await expect(lookup(standIn, table, {})).resolves.toEqual({ address: PUBLIC_STAND_IN, family: 4 });
  });

  it('refuses the name when an answer of the other family is blocked, even if it would not be used', async () => {
    const table = { 'name.test': [PUBLIC_STAND_IN, '::1'] };
    await expect(lookup(standIn, table, { all: true, family: 4 })).rejects.toMatchObject({
      code: 'BLOCKED_DESTINATION',
    });
  });

  it('fails like getaddrinfo when no answer has the family asked for', async () => {
    await expect(lookup(standIn, { 'name.test': [PUBLIC_STAND_IN] }, { family: 6 })).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});

afterAll(() => {
  // Every Analyzer and server was closed per test; nothing else to release.
});
