/**
 * Where a hop's time went: each part is measured where it happens (the lookup, the TCP connect, the TLS handshake,
 * the wait for the response head), so a slow handshake shows in `tls` and a slow server in `firstByte`.
 */
import { createSecureContext, type SecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type Hop, type ResolvedAddress } from '../../src/index.js';
import { startHttpsServer, startRedirectServer } from '../helpers/servers.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';
import { closeAfterEach, LOOPBACK } from './helpers/analysis.js';

const HOST = 'timed.test';
/** Waits long enough that a part they are misplaced into passes {@link SLACK} on any machine. */
const DELAY = { dns: 1000, tls: 1500, server: 1500 };
/**
 * Slack for what surrounds a measured wait: the loop's other work on a busy machine (firstByte took 516 ms once at a
 * load of 14 to 18, against a bound of 150 ms when the delays were 100 to 300 ms).
 */
const SLACK = 800;

/** Resolves HOST to loopback after {@link DELAY}.dns ms. */
async function slowResolver(hostname: string): Promise<ResolvedAddress[]> {
  if (hostname !== HOST) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  await new Promise((resolve) => setTimeout(resolve, DELAY.dns));
  return [{ address: '127.0.0.1', family: 4 }];
}

let pki: TestPki;
let analyzer: Analyzer;
const track = closeAfterEach();

beforeAll(() => {
  pki = createTestPki(HOST);
  analyzer = new Analyzer({ resolver: slowResolver, ca: pki.ca });
});
afterAll(() => analyzer.close());

/**
 * The parts are measured inside responseTime's interval, so they sum to no more than it (give or take rounding), and
 * to nearly all of it: what is left is the pool's hand-off (the first connection of a process also sets up undici's
 * HTTP parser there).
 */
function expectSumWithinResponseTime(hop: Hop): void {
  const { dns = 0, connect = 0, tls = 0, firstByte } = hop.timings!;
  const sum = dns + connect + tls + firstByte;
  expect(sum).toBeLessThanOrEqual(hop.responseTime + 2);
  // Most of it: the hand-off is a few ms on a quiet machine, but a loaded one (CI, or tests run side by side) can
  // stretch it to tens of ms, which is not what this test is about.
  expect(sum).toBeGreaterThanOrEqual(hop.responseTime * 0.7);
}

describe('timings', () => {
  it('puts a handshake the server holds back for 1.5 s in tls, not in firstByte', async () => {
    const context = createSecureContext(pki.valid);
    // The server picks its certificate only after 1.5 s: the ServerHello waits for it.
    const sniCallback = (_name: string, done: (error: Error | null, context: SecureContext) => void) => {
      setTimeout(() => done(null, context), DELAY.tls);
    };
    const server = await track(
      startHttpsServer((_req, res) => res.end('ok'), { ...pki.valid, SNICallback: sniCallback } as typeof pki.valid),
    );
    const result = await analyzer.analyze(`https://${HOST}:${server.port}/`, LOOPBACK);
    const hop = result.chain[0]!;
    expect(hop.timings!.tls).toBeGreaterThanOrEqual(DELAY.tls - 5);
    expect(hop.timings!.firstByte).toBeLessThan(SLACK);
    // The resolver's second is the lookup's.
    expect(hop.timings!.dns).toBeGreaterThanOrEqual(DELAY.dns - 5);
    expect(hop.timings!.connect).toBeLessThan(SLACK);
    expectSumWithinResponseTime(hop);
  });

  it('puts a server that waits 1.5 s before answering in firstByte', async () => {
    const server = await track(startRedirectServer({ '/': { status: 200, delay: DELAY.server } }));
    const result = await analyzer.analyze(`${server.origin}/`, LOOPBACK);
    const hop = result.chain[0]!;
    expect(hop.timings!.firstByte).toBeGreaterThanOrEqual(DELAY.server - 5);
    // An IP literal: no lookup, and a loopback connect is quick.
    expect(hop.timings!.dns).toBe(0);
    expect(hop.timings!.connect).toBeLessThan(SLACK);
    expect(hop.timings).not.toHaveProperty('tls');
    expectSumWithinResponseTime(hop);
  });
});
