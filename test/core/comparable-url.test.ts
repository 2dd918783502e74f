/** The one URL comparison (src/core/portable/comparable-url.ts), used by `hoplens check` and by canonical_mismatch. */
import { describe, expect, it } from 'vitest';
import { comparableUrl, EXACT_COMPARISON } from '../../src/index.js';

describe('comparableUrl', () => {
  it('normalises percent-escapes (RFC 3986 §6.2.2) and drops the fragment', () => {
    const loose = { ignoreTrailingSlash: false, ignoreQuery: false };
    expect(comparableUrl('http://a.test/%7euser/%2f', loose)).toBe('http://a.test/~user/%2F');
    expect(comparableUrl('http://a.test/x?q=%7e#top')).toBe('http://a.test/x?q=~');
  });

  it('compares exactly by default: scheme and host case and default ports only', () => {
    expect(comparableUrl('HTTPS://A.test:443/P/')).toBe('https://a.test/P/');
    expect(EXACT_COMPARISON).toEqual({ ignoreTrailingSlash: false, ignoreQuery: false });
    expect(comparableUrl('https://a.test/p/?x', { ignoreTrailingSlash: true, ignoreQuery: true })).toBe(
      'https://a.test/p',
    );
  });

  it('leaves what does not parse as it is', () => {
    expect(comparableUrl('not a url')).toBe('not a url');
  });
});
