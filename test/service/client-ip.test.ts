import { describe, expect, it } from 'vitest';
import { ClientIpResolver, rateLimitKey } from '../../src/service/client-ip.js';

describe('ClientIpResolver', () => {
  const untrusting = new ClientIpResolver([]);
  const behindProxy = new ClientIpResolver(['10.0.0.0/8', '::1/128']);

  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(untrusting.resolve('203.0.113.9', undefined)).toBe('203.0.113.9');
    expect(untrusting.resolve('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(untrusting.resolve('::ffff:203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(behindProxy.resolve('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('takes the address a trusted proxy appended, not what the client wrote before it', () => {
    // The client forged "1.1.1.1"; the proxy appended the real peer 198.51.100.7.
    expect(behindProxy.resolve('10.1.2.3', '1.1.1.1, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('walks through a chain of trusted proxies', () => {
    expect(behindProxy.resolve('10.1.2.3', '198.51.100.7, 10.9.9.9')).toBe('198.51.100.7');
    expect(behindProxy.resolve('::1', ['198.51.100.7', '10.9.9.9'])).toBe('198.51.100.7');
  });

  it('stops at the last address it can vouch for when the header holds garbage', () => {
    expect(behindProxy.resolve('10.1.2.3', 'not-an-ip')).toBe('10.1.2.3');
    expect(behindProxy.resolve('10.1.2.3', '')).toBe('10.1.2.3');
  });

  it('understands ports and brackets written by some proxies', () => {
    expect(behindProxy.resolve('10.1.2.3', '198.51.100.7:4711')).toBe('198.51.100.7');
    expect(behindProxy.resolve('10.1.2.3', '[2001:db8::7]:443')).toBe('2001:db8::7');
  });

  it('has no answer for a socket without an address', () => {
    expect(untrusting.resolve(undefined, undefined)).toBeUndefined();
  });
});

describe('rateLimitKey', () => {
  it('keys IPv4 clients by address', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('keys IPv6 clients by their /64', () => {
    const key = rateLimitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2::1')).toBe(key);
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(key);
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('puts clients without a usable address in one bucket', () => {
    expect(rateLimitKey(undefined)).toBe('unknown');
    expect(rateLimitKey('garbage')).toBe('unknown');
  });
});
