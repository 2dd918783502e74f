/** Reading a Location header: decoding its bytes, resolving it, and keeping the fragment (unit and property tests). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHeaderBytes, resolveLocation } from '../../src/core/location.js';
import { withoutFragment } from '../../src/core/portable/without-fragment.js';

const BASE = new URL('https://site.test/dir/page?q=1#top');

/** What undici hands over for these raw header bytes: one latin1 character per byte. */
function asReceived(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

describe('decodeHeaderBytes', () => {
  it('leaves ASCII alone', () => {
    expect(decodeHeaderBytes('/plain/path?x=%C3%A9')).toBe('/plain/path?x=%C3%A9');
  });

  it('reads UTF-8 bytes as UTF-8', () => {
    expect(decodeHeaderBytes(asReceived(Buffer.from('/ünïcødé/日本', 'utf8')))).toBe('/ünïcødé/日本');
  });

  it('percent-encodes bytes that are not UTF-8, one by one', () => {
    expect(decodeHeaderBytes(asReceived(Uint8Array.from([0x2f, 0xe9, 0x74, 0xe9])))).toBe('/%E9t%E9');
  });

  it('round-trips any text sent as UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(decodeHeaderBytes(asReceived(Buffer.from(text, 'utf8')))).toBe(text);
      }),
    );
  });

  it('turns bytes that are not UTF-8 into ASCII that percent-decodes back to them', () => {
    const notUtf8 = fc
      .uint8Array({ minLength: 1, maxLength: 40 })
      .filter(
        (bytes) => !bytes.includes(0x25) && Buffer.from(Buffer.from(bytes).toString('utf8')).compare(bytes) !== 0,
      );
    fc.assert(
      fc.property(notUtf8, (bytes) => {
        const decoded = decodeHeaderBytes(asReceived(bytes));
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is the ASCII range
        expect(decoded).toMatch(/^[\u0000-\u007f]*$/);
        const restored = decoded.replace(/%([0-9A-F]{2})/g, (_match, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
        expect(Buffer.from(restored, 'latin1').equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });
});

describe('resolveLocation', () => {
  it('reports a missing Location', () => {
    expect(resolveLocation(undefined, BASE)).toEqual({ kind: 'missing' });
    expect(resolveLocation(['', '  '], BASE)).toEqual({ kind: 'missing' });
  });

  it('refuses two different Locations but accepts one given twice', () => {
    expect(resolveLocation(['/a', '/b'], BASE)).toMatchObject({
      kind: 'invalid',
      reason: '2 different Location headers',
    });
    expect(resolveLocation(['/a', ' /a '], BASE)).toMatchObject({ kind: 'ok', raw: '/a' });
  });

  it.each([
    ['http://[::1', 'not a valid URL'],
    ['https://exa mple.test/', 'not a valid URL'],
    ['http://300.1.1.1/', 'not a valid URL'],
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'javascript:'],
    ['ftp://files.test/', 'ftp:'],
    ['mailto:a@b.test', 'mailto:'],
    ['ws://site.test/', 'ws:'],
  ])('refuses %j', (location, reason) => {
    const outcome = resolveLocation(location, BASE);
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.reason).toContain(reason);
  });

  it.each([
    ['next', 'https://site.test/dir/next#top'],
    ['../up', 'https://site.test/up#top'],
    ['/root', 'https://site.test/root#top'],
    ['?q=2', 'https://site.test/dir/page?q=2#top'],
    ['//other.test/x', 'https://other.test/x#top'],
    ['http://plain.test/', 'http://plain.test/#top'],
    ['#bottom', 'https://site.test/dir/page?q=1#bottom'],
    ['/with#own', 'https://site.test/with#own'],
    ['/empty#', 'https://site.test/empty#'],
  ])('resolves %j to %s', (location, expected) => {
    const outcome = resolveLocation(location, BASE);
    expect(outcome.kind === 'ok' && outcome.url.href).toBe(expected);
  });

  const segment = fc.stringMatching(/^[a-z0-9._~-]{1,8}$/);
  const fragment = fc.stringMatching(/^[a-z0-9]{0,8}$/);

  it('keeps the fragment of the request exactly when the Location has none', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fragment,
        fc.option(fragment, { nil: undefined }),
        (path, baseFragment, ownFragment) => {
          const base = new URL(`http://site.test/start${baseFragment === '' ? '' : `#${baseFragment}`}`);
          const location = `/${path.join('/')}${ownFragment === undefined ? '' : `#${ownFragment}`}`;
          const outcome = resolveLocation(location, base);
          if (outcome.kind !== 'ok') throw new Error(`not resolved: ${location}`);
          const expected = ownFragment === undefined ? base.hash : ownFragment === '' ? '' : `#${ownFragment}`;
          expect(outcome.url.hash).toBe(expected);
          expect(withoutFragment(outcome.url.href)).toBe(new URL(location.split('#')[0]!, base).href);
        },
      ),
    );
  });
});

describe('withoutFragment', () => {
  it('drops the fragment, even an empty one', () => {
    expect(withoutFragment(new URL('http://a.test/x?y#z').href)).toBe('http://a.test/x?y');
    expect(withoutFragment(new URL('http://a.test/x#').href)).toBe('http://a.test/x');
    expect(withoutFragment(new URL('http://a.test/x').href)).toBe('http://a.test/x');
  });
});
