/**
 * One address per name inside an analysis (issue 41, SECURITY.md "One address per name"). A name here resolves to
 * two addresses the policy allows (an operator who lists an internal network in HOPLENS_ALLOW_NETWORKS): the first
 * serves, then stops listening. Before, the next connection for the name failed over to the second address, another
 * server, which then answered as the same origin and was sent the cookies the first one had set. Now, once a
 * connection for a name was answered, every later one goes to that address or fails; failover among a name's
 * addresses stays allowed before that.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressBook } from '../../src/core/address/book.js';
import { createGuardedConnector } from '../../src/core/address/guarded-connector.js';
import { pinnedResolver } from '../../src/core/address/pinned-resolver.js';
import { AddressPolicy, parseNetworks } from '../../src/core/address/policy.js';
import { Analyzer } from '../../src/index.js';
import { tableResolver } from '../helpers/resolvers.js';
import { startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';
import { closeAfterEach, LOOPBACK, rejection } from './helpers/analysis.js';

const NAME = 'two.test';
const FIRST = '127.0.0.4';
const SECOND = '127.0.0.5';
const OPTIONS = { ...LOOPBACK, allowNetworks: [`${FIRST}/32`, `${SECOND}/32`] };

const analyzer = new Analyzer({ resolver: tableResolver({ [NAME]: [FIRST, SECOND] }) });
const track = closeAfterEach(analyzer);

/** The second address's server, on `port`: it answers everything, and a test asserts it is never asked. */
function secondServer(port: number): Promise<TestServer> {
  return track(
    startServer(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('SECRET-OF-THE-SECOND-ADDRESS');
      },
      SECOND,
      port,
    ),
  );
}

/** The first address's server: answers `/a` with a redirect to `/b` and a cookie, then stops listening. */
async function firstServerThatStops(): Promise<TestServer> {
  const server: TestServer = await track(
    startServer((_req, res) => {
      server.server.close();
      res.writeHead(301, { location: '/b', 'set-cookie': 'session=internal', connection: 'close' });
      res.end();
    }, FIRST),
  );
  return server;
}

describe('one address per name for the whole analysis', () => {
  it('never sends a later hop to the name’s other address: it fails as the first address does', async () => {
    const first = await firstServerThatStops();
    const second = await secondServer(first.port);
    const error = await rejection(analyzer.analyze(`http://${NAME}:${first.port}/a`, OPTIONS), 'CONNECTION_REFUSED');
    expect(error.chain?.map((hop) => [hop.status, hop.remoteAddress])).toEqual([[301, FIRST]]);
    // The second server was never connected to, so it never saw the first one's cookie either.
    expect(second.connections()).toBe(0);
  });

  it('still fails over before the first response: a dead first address, the second answers', async () => {
    const second = await secondServer(0);
    const result = await analyzer.analyze(`http://${NAME}:${second.port}/`, OPTIONS);
    expect(result.chain.map((hop) => [hop.status, hop.remoteAddress])).toEqual([[200, SECOND]]);
  });

  it('holds an HTTPS name to its address with the name still verified, whatever DNS answers next', async () => {
    const pki = createTestPki(NAME);
    const answered = (which: string) =>
      startHttpsServer(
        (req, res) => {
          if (req.url === '/a') res.writeHead(301, { location: '/b', connection: 'close' }).end();
          else res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' }).end(which);
        },
        pki.valid,
        which,
      );
    const first = await track(answered(FIRST));
    const second = await track(startHttpsServer((_req, res) => res.end('second'), pki.valid, SECOND, first.port));
    // The answer turns round after the first lookup: a fresh lookup for hop 2 would connect to the second address.
    const turning = tableResolver({ [NAME]: (call) => (call === 0 ? [FIRST, SECOND] : [SECOND, FIRST]) });
    const local = await track(Promise.resolve(new Analyzer({ resolver: turning, ca: pki.ca })));
    const result = await local.analyze(`https://${NAME}:${first.port}/a`, OPTIONS);
    expect(result.chain.map((hop) => [hop.status, hop.remoteAddress])).toEqual([
      [301, FIRST],
      [200, FIRST],
    ]);
    // The second hop's certificate was checked against the name (an IP-literal check would have refused it).
    expect(result.chain[1]?.tls?.altNames).toContain(NAME);
    expect(first.requests).toEqual(['/a', '/b']);
    expect(second.connections()).toBe(0);
  });
});

describe('the render pool (what a rendered page fetches)', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startServer((_req, res) => {
      first.server.close();
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' }).end('own');
    }, FIRST);
    second = await startServer((_req, res) => res.end('SECRET'), SECOND, first.port);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('connects a name to the address its first connection went to, and to no other', async () => {
    const book = new AddressBook();
    const connect = createGuardedConnector({
      policy: new AddressPolicy({ blockPrivate: true, allowNetworks: parseNetworks(OPTIONS.allowNetworks) }),
      resolver: pinnedResolver(tableResolver({ [NAME]: [FIRST, SECOND] }), book),
      book,
      connectTimeout: 5_000,
    });
    const agent = new Agent({ connect });
    try {
      const url = `http://${NAME}:${first.port}/`;
      const own = await request(url, { dispatcher: agent });
      expect(await own.body.text()).toBe('own');
      expect(book.addressOf(NAME)).toBe(FIRST);
      await expect(request(url, { dispatcher: agent })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      expect(second.connections()).toBe(0);
    } finally {
      await agent.destroy();
    }
  });
});
