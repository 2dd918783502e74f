/**
 * URLs for people: the Punycode decoder (RFC 3492) checked against node's IDNA ToUnicode (UTS #46,
 * `url.domainToUnicode`), and hosts shown in Unicode only when that is safe to read.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePunycode, displayHost, displayUrl } from '../../src/core/portable/display-url.js';

describe('decodePunycode', () => {
  it('decodes the RFC 3492 §7.1 samples', () => {
    // (A) Arabic (Egyptian), (L) Japanese "3年B組金八先生", and a label with basic code points before the delimiter.
    expect(decodePunycode('egbpdaj6bu4bxfgehfvwxn')).toBe('ليهمابتكلموشعربي؟');
    expect(decodePunycode('3B-ww4c5e180e575a65lsy2b')).toBe('3年B組金八先生');
    expect(decodePunycode('bcher-kva')).toBe('bücher');
  });

  it('refuses what is not Punycode', () => {
    for (const bad of ['bcher-kv!', 'ü-kva', 'bcher-kv', '-', 'a-9999999999', '99999999999999999']) {
      expect(decodePunycode(bad), bad).toBeUndefined();
    }
  });

  it('agrees with node (UTS #46 ToUnicode) on any valid label', () => {
    const letters = fc.constantFrom(...'abzüßéøжщ中文한國αβ0129-'.split(''), '😀');
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 12 }), (chars) => {
        const ascii = domainToASCII(`${chars.join('')}.example`);
        fc.pre(ascii !== '' && ascii.startsWith('xn--'));
        const label = ascii.split('.')[0]!;
        expect(decodePunycode(label.slice(4))).toBe(domainToUnicode(label));
      }),
    );
  });
});

describe('displayHost and displayUrl', () => {
  it('show an IDN host in Unicode and keep everything else byte for byte', () => {
    expect(displayHost('xn--bcher-kva.example')).toBe('bücher.example');
    expect(displayHost('shop.xn--bcher-kva.example')).toBe('shop.bücher.example');
    expect(displayUrl('https://xn--bcher-kva.example:8443/a%20b?q=xn--bcher-kva#f')).toBe(
      'https://bücher.example:8443/a%20b?q=xn--bcher-kva#f',
    );
    expect(displayUrl('http://user:pw@xn--bcher-kva.example/')).toBe('http://user:pw@bücher.example/');
    for (const same of ['https://example.com/xn--bcher-kva', 'http://[::1]:80/', 'not a url', '/relative']) {
      expect(displayUrl(same)).toBe(same);
    }
  });

  it('agrees with node on hosts made of valid labels', () => {
    for (const host of ['xn--bcher-kva.example', 'xn--ls8h.la', 'xn--fiqs8s.xn--fiqz9s', 'xn--mller-kva.de']) {
      expect(displayHost(host)).toBe(domainToUnicode(host));
    }
  });

  it('keeps the ASCII form of a host with a label that is not valid or not safe to read', () => {
    // Invalid Punycode; a label that decodes to plain ASCII; labels that decode to a slash, a full stop, a space or
    // an invisible format character, which could make a host read as another one.
    const hosts = ['xn--bcher-kv!.example', 'xn--abc-.example', 'xn--a-b.example'];
    const encode = (text: string) => `xn--${punycodeOf(text)}.example`;
    hosts.push(encode('ü/evil'), encode('ü.evil'), encode('ü evil'), encode('ü\u200eevil'));
    for (const host of hosts) expect(displayHost(host), host).toBe(host);
    // All or nothing: one bad label keeps the whole host in ASCII.
    expect(displayHost(`xn--bcher-kva.${encode('ü/x')}`)).toBe(`xn--bcher-kva.${encode('ü/x')}`);
  });
});

/** The RFC 3492 encoding of a label, without the checks IDNA would make (to build labels IDNA refuses). */
function punycodeOf(text: string): string {
  const input = Array.from(text, (char) => char.codePointAt(0)!);
  const basic = input.filter((code) => code < 0x80);
  let output = String.fromCharCode(...basic);
  if (basic.length > 0) output += '-';
  let n = 128;
  let delta = 0;
  let bias = 72;
  let handled = basic.length;
  const digit = (d: number) => String.fromCharCode(d < 26 ? d + 97 : d + 22);
  const adapt = (d0: number, points: number, first: boolean) => {
    let d = first ? Math.floor(d0 / 700) : d0 >> 1;
    d += Math.floor(d / points);
    let k = 0;
    for (; d > 455; k += 36) d = Math.floor(d / 35);
    return k + Math.floor((36 * d) / (d + 38));
  };
  while (handled < input.length) {
    const m = Math.min(...input.filter((code) => code >= n));
    delta += (m - n) * (handled + 1);
    n = m;
    for (const code of input) {
      if (code < n) delta++;
      if (code !== n) continue;
      let q = delta;
      for (let k = 36; ; k += 36) {
        const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
        if (q < t) break;
        output += digit(t + ((q - t) % (36 - t)));
        q = Math.floor((q - t) / (36 - t));
      }
      output += digit(q);
      bias = adapt(delta, handled + 1, handled === basic.length);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}
