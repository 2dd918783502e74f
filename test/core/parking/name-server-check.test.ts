/**
 * The final host's NS records for `parked_domain` (src/core/parking/name-server-check.ts): asked once per host, never
 * for an IP literal or a special-use name (RFC 6761: `localhost`, `.test`, `.example`, `.invalid`), given up as
 * "none" when the analysis is aborted or the resolver is slow, and a failed lookup is "none" too. The default lookup
 * (`systemNameServers`) asks a DNS server on loopback through node:dns, as it asks the system's.
 */
import { describe, expect, it, vi } from 'vitest';
import { NameServerCheck } from '../../../src/core/parking/index.js';
import { delegatedName, systemNameServers } from '../../../src/core/parking/name-servers.js';
import type { Hop } from '../../../src/index.js';
import { startTestDns } from '../../helpers/dns-server.js';

function chainTo(url: string): Hop[] {
  return [{ url, status: 200, statusText: 'OK', responseTime: 1, headers: {} }];
}

describe('which names are asked for', () => {
  it.each([
    ['example.com', true],
    ['www.shop.co.uk', true],
    ['127.0.0.1', false],
    ['[::1]', false],
    ['localhost', false],
    ['app.localhost', false],
    ['site.test', false],
    ['www.example', false],
    ['nothing.invalid', false],
    ['printer.local', false],
    ['intranet', false],
  ])('%s: %s', (name, asked) => {
    expect(delegatedName(name)).toBe(asked);
  });
});

describe('NameServerCheck', () => {
  it('asks once per host and hands every analysis the same answer', async () => {
    const asked: string[] = [];
    const check = new NameServerCheck(async (name) => {
      asked.push(name);
      return ['ns1.sedoparking.com', 'ns2.sedoparking.com'];
    }, Date.now);
    const first = await check.forChain(chainTo('https://Parked-Name.com/a'), true);
    const second = await check.forChain(chainTo('https://parked-name.com/b'), true);
    expect(first).toEqual(['ns1.sedoparking.com', 'ns2.sedoparking.com']);
    expect(second).toEqual(first);
    expect(asked).toEqual(['parked-name.com']);
  });

  it('asks nothing for an unfinished chain, an IP literal, a special-use name, or without a lookup', () => {
    const check = new NameServerCheck(() => Promise.reject(new Error('must not be asked')), Date.now);
    expect(check.forChain(chainTo('https://example.com/'), false)).toBeUndefined();
    expect(check.forChain(chainTo('http://127.0.0.1:8080/'), true)).toBeUndefined();
    expect(check.forChain(chainTo('http://shop.test/'), true)).toBeUndefined();
    expect(check.forChain([], true)).toBeUndefined();
    expect(new NameServerCheck(undefined, Date.now).forChain(chainTo('https://example.com/'), true)).toBeUndefined();
  });

  it('a failed lookup is none', async () => {
    const check = new NameServerCheck(() => Promise.reject(new Error('SERVFAIL')), Date.now);
    await expect(check.forChain(chainTo('https://example.com/'), true)).resolves.toEqual([]);
  });

  it('an aborted analysis stops waiting for a resolver that never answers', async () => {
    const check = new NameServerCheck(() => new Promise(() => {}), Date.now);
    const controller = new AbortController();
    const pending = check.forChain(chainTo('https://example.com/'), true, controller.signal);
    controller.abort();
    await expect(pending).resolves.toEqual([]);
  });

  it('a resolver that never answers costs at most the bound (2.5 s), then none', async () => {
    vi.useFakeTimers();
    try {
      const check = new NameServerCheck(() => new Promise(() => {}), Date.now);
      const pending = check.forChain(chainTo('https://example.com/'), true);
      let settled = false;
      void pending?.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(2_400);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await expect(pending).resolves.toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('systemNameServers, through the real resolver (c-ares) and a loopback DNS server', () => {
  it("asks the host, then its parent, and returns the parent's NS records lower-cased", async () => {
    const dns = await startTestDns({
      'www.bluecanyonhiking.com': [],
      'bluecanyonhiking.com': ['NS1.SedoParking.com', 'ns2.sedoparking.com'],
    });
    try {
      const lookup = systemNameServers([dns.address]);
      await expect(lookup('www.bluecanyonhiking.com')).resolves.toEqual(['ns1.sedoparking.com', 'ns2.sedoparking.com']);
      expect(dns.asked).toEqual(['www.bluecanyonhiking.com', 'bluecanyonhiking.com']);
    } finally {
      await dns.close();
    }
  });

  it('a name nobody delegates is none, after at most one question per label', async () => {
    const dns = await startTestDns({});
    try {
      await expect(systemNameServers([dns.address])('a.b.nowhere.com')).resolves.toEqual([]);
      expect(dns.asked).toEqual(['a.b.nowhere.com', 'b.nowhere.com', 'nowhere.com']);
    } finally {
      await dns.close();
    }
  });
});
