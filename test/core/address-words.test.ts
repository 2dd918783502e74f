/** Address ranges in people's words: one table, used by every message that refuses an address. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/core/address/policy.js';
import { describeAddress, rangePhrase } from '../../src/core/address/words.js';

describe('address words', () => {
  it.each([
    ['169.254.169.254', 'a cloud metadata address'],
    ['169.254.1.1', 'a link-local address'],
    ['127.0.0.1', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['fd12::1', 'a unique-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['::ffff:10.0.0.1', 'an IPv4-mapped IPv6 address of 10.0.0.1 (a private address)'],
    ['64:ff9b::7f00:1', 'a NAT64 address of 127.0.0.1 (a loopback address)'],
    ['::8.8.8.8', 'a deprecated IPv4-compatible IPv6 address of 8.8.8.8 (a public address)'],
    ['0.0.0.0', 'the unspecified address'],
  ])('%s is %s', (address, words) => {
    expect(describeAddress(classifyAddress(address))).toBe(words);
  });

  it('has words for every range the policy can name (no range falls through to its data name)', () => {
    const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'));
    const v6 = fc
      .array(fc.nat(0xffff), { minLength: 8, maxLength: 8 })
      .map((parts) => parts.map((part) => part.toString(16)).join(':'));
    const prefixed = fc
      .tuple(
        fc.constantFrom(
          'fe80',
          'fc00',
          'ff02',
          '2001:0',
          '2001:2',
          '2001:10',
          '2001:20',
          '2001:30',
          '2002',
          '5f00',
          '100',
          'fec0',
          '64:ff9b',
          '64:ff9b:1',
        ),
        v6,
      )
      .map(([prefix, rest]) => `${prefix}:${rest.split(':').slice(prefix.split(':').length).join(':')}`);
    fc.assert(
      fc.property(fc.oneof(v4, v6, prefixed), (address) => {
        const { range } = classifyAddress(address);
        expect(rangePhrase(range), `${address} (${range})`).not.toMatch(/ range$/);
      }),
      { numRuns: 2000 },
    );
  });
});
