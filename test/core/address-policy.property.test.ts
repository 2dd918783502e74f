/**
 * Property tests of the address guard: however an IPv4 address is written in a URL (decimal integer, hex, octal,
 * short forms, mixed), it is judged exactly as its canonical dotted form; IPv6 forms that embed it follow it too.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AddressPolicy, Analyzer, classifyAddress, parseNetworks, parseTargetUrl } from '../../src/index.js';
import { rejection } from './helpers/analysis.js';

const POLICIES = [
  new AddressPolicy({ blockPrivate: true, allowNetworks: [] }),
  new AddressPolicy({ blockPrivate: true, allowNetworks: parseNetworks(['127.0.0.0/8', '10.20.0.0/16']) }),
];

function dotted(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
}

type Radix = 'dec' | 'hex' | 'HEX' | 'oct';

/** One part of an IPv4 host in the given radix, as the WHATWG IPv4 parser reads it. */
function part(value: number, radix: Radix, zeros: number): string {
  switch (radix) {
    case 'dec':
      return String(value);
    case 'hex':
      return `0x${'0'.repeat(zeros)}${value.toString(16)}`;
    case 'HEX':
      return `0X${'0'.repeat(zeros)}${value.toString(16).toUpperCase()}`;
    case 'oct':
      // A leading zero makes a part octal; "0" alone is zero in any radix.
      return `0${'0'.repeat(zeros)}${value.toString(8)}`;
  }
}

const radix = fc.constantFrom<Radix>('dec', 'hex', 'HEX', 'oct');
const zeros = fc.integer({ min: 0, max: 2 });

/** Every IPv4 notation of `value`: 1 to 4 parts, the last one taking up the remaining bytes, each in any radix. */
function notations(value: number): fc.Arbitrary<string> {
  return fc
    .record({
      parts: fc.integer({ min: 1, max: 4 }),
      radices: fc.array(radix, { minLength: 4, maxLength: 4 }),
      zeros: fc.array(zeros, { minLength: 4, maxLength: 4 }),
      trailingDot: fc.boolean(),
    })
    .map(({ parts, radices, zeros: pads, trailingDot }) => {
      const bytes = [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff);
      const leading = bytes.slice(0, parts - 1);
      const restBytes = bytes.slice(parts - 1);
      const last = restBytes.reduce((sum, byte) => sum * 256 + byte, 0);
      const written = [...leading, last].map((n, index) => part(n, radices[index]!, pads[index]!));
      return `${written.join('.')}${trailingDot ? '.' : ''}`;
    });
}

const anyAddress = fc.integer({ min: 0, max: 0xffffffff });
const addressAndNotation = anyAddress.chain((value) => fc.tuple(fc.constant(value), notations(value)));

describe('IPv4 notations', () => {
  it('parse to the canonical dotted address and are classified exactly as it is', () => {
    fc.assert(
      fc.property(addressAndNotation, ([value, notation]) => {
        const canonical = dotted(value);
        const host = parseTargetUrl(`http://${notation}/`).hostname;
        expect(host).toBe(canonical);
        expect(classifyAddress(host)).toEqual(classifyAddress(canonical));
        for (const policy of POLICIES) expect(policy.check(host)).toEqual(policy.check(canonical));
      }),
      { numRuns: 2_000 },
    );
  });

  it('cover the notations that matter for loopback', () => {
    // Spot checks that the generator's shapes are the ones attackers use.
    for (const notation of ['2130706433', '0x7f000001', '017700000001', '127.1', '0x7f.1', '0177.0.1', '127.0.0.1.']) {
      expect(parseTargetUrl(`http://${notation}/`).hostname).toBe('127.0.0.1');
    }
  });
});

describe('blocked addresses in any notation', () => {
  const analyzer = new Analyzer();
  afterAll(() => analyzer.close());

  /** Addresses inside ranges the guard refuses, so an analysis must stop before any connection. */
  const blockedAddress = fc
    .constantFrom(
      [0x7f000000, 8], // loopback
      [0x0a000000, 8], // private
      [0xac100000, 12],
      [0xc0a80000, 16],
      [0xa9fe0000, 16], // link-local and metadata
      [0x64400000, 10], // CGNAT
      [0x00000000, 8], // "this network"
      [0xe0000000, 4], // multicast
      [0xf0000000, 4], // reserved and broadcast
      [0xc6120000, 15], // benchmarking
    )
    .chain(([base, prefix]) => fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((host) => (base + host) >>> 0));

  it('are refused with BLOCKED_DESTINATION before connecting', async () => {
    await fc.assert(
      fc.asyncProperty(
        blockedAddress.chain((value) => notations(value)),
        async (notation) => {
          const started = performance.now();
          const error = await rejection(analyzer.analyze(`http://${notation}:9/`), 'BLOCKED_DESTINATION');
          expect(error.chain).toEqual([]);
          // No lookup, no connection attempt: refused on the spot.
          expect(performance.now() - started).toBeLessThan(1_000);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('IPv6 forms that embed an IPv4 address', () => {
  function hexPair(value: number): string {
    return `${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }

  it('are allowed exactly when the embedded address is (mapped, NAT64, 6to4)', () => {
    fc.assert(
      fc.property(anyAddress, (value) => {
        const v4 = classifyAddress(dotted(value));
        for (const form of [`::ffff:${dotted(value)}`, `64:ff9b::${hexPair(value)}`, `2002:${hexPair(value)}::1`]) {
          const verdict = classifyAddress(form);
          expect(verdict.allowed).toBe(v4.allowed);
          expect(verdict.embedded).toBe(dotted(value));
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('are judged the same when they come from a URL', () => {
    fc.assert(
      fc.property(anyAddress, (value) => {
        const host = parseTargetUrl(`http://[::ffff:${dotted(value)}]/`).hostname;
        expect(classifyAddress(host).allowed).toBe(classifyAddress(dotted(value)).allowed);
        for (const policy of POLICIES) expect(policy.check(host).allowed).toBe(policy.check(dotted(value)).allowed);
      }),
      { numRuns: 500 },
    );
  });

  it('in Teredo are allowed only when both server and client are', () => {
    fc.assert(
      fc.property(anyAddress, anyAddress, (server, client) => {
        const address = `2001:0:${hexPair(server)}:8000:63bf:${hexPair(~client >>> 0)}`;
        const expected = classifyAddress(dotted(server)).allowed && classifyAddress(dotted(client)).allowed;
        expect(classifyAddress(address).allowed).toBe(expected);
      }),
      { numRuns: 1_000 },
    );
  });

  it('in the deprecated compatible form are always refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 0xffffffff }), (value) => {
        expect(classifyAddress(`::${hexPair(value)}`).allowed).toBe(false);
        expect(classifyAddress(`::${dotted(value)}`).allowed).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
