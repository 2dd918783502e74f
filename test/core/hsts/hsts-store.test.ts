/**
 * The Known HSTS Hosts of a returning browser (RFC 6797 §8.1, §8.2, §8.3, https://www.rfc-editor.org/rfc/rfc6797):
 * what is recorded, what is upgraded, and how.
 */
import { describe, expect, it } from 'vitest';
import { HstsStore } from '../../../src/core/hsts/hsts-store.js';
import type { HopHsts } from '../../../src/index.js';

const sts = (maxAge: number, includeSubDomains = false): HopHsts => ({
  value: `max-age=${maxAge}`,
  fields: 1,
  valid: true,
  maxAge,
  includeSubDomains,
  preload: false,
  counts: true,
});
const up = (store: HstsStore, url: string) => store.upgrade(new URL(url))?.href;

describe('HstsStore', () => {
  it('upgrades http to a known host; :80 becomes 443, another explicit port is kept (§8.3 item 5)', () => {
    const store = new HstsStore();
    store.observe(new URL('https://a.test/'), sts(600));
    expect(up(store, 'http://a.test/x?q=1')).toBe('https://a.test/x?q=1');
    expect(up(store, 'http://a.test:80/x')).toBe('https://a.test/x');
    expect(up(store, 'http://a.test:8080/x')).toBe('https://a.test:8080/x');
    expect(up(store, 'https://a.test/')).toBeUndefined();
    expect(up(store, 'http://b.test/')).toBeUndefined();
  });

  it('covers subdomains only with includeSubDomains (§8.2), never a superdomain', () => {
    const store = new HstsStore();
    store.observe(new URL('https://plain.test/'), sts(600));
    store.observe(new URL('https://wide.test/'), sts(600, true));
    expect(up(store, 'http://www.plain.test/')).toBeUndefined();
    expect(up(store, 'http://a.b.wide.test/')).toBe('https://a.b.wide.test/');
    expect(up(store, 'http://test/')).toBeUndefined();
  });

  it('ignores IP literals (§8.1.1, §8.3), http responses and headers that do not count (§8.1)', () => {
    const store = new HstsStore();
    store.observe(new URL('https://127.0.0.1/'), sts(600));
    store.observe(new URL('https://[::1]/'), sts(600));
    store.observe(new URL('http://plain.test/'), { ...sts(600), counts: false });
    store.observe(new URL('https://bad.test/'), { value: 'x', fields: 1, valid: false, problem: 'x', counts: false });
    expect(up(store, 'http://127.0.0.1/')).toBeUndefined();
    expect(up(store, 'http://[::1]/')).toBeUndefined();
    expect(up(store, 'http://plain.test/')).toBeUndefined();
    expect(up(store, 'http://bad.test/')).toBeUndefined();
  });

  it('forgets a host on max-age=0 (§6.1.1) and once max-age has passed', () => {
    let now = 1_000_000;
    const store = new HstsStore(() => now);
    store.observe(new URL('https://gone.test/'), sts(600));
    store.observe(new URL('https://gone.test/'), sts(0));
    expect(up(store, 'http://gone.test/')).toBeUndefined();
    store.observe(new URL('https://old.test/'), sts(60));
    now += 59_000;
    expect(up(store, 'http://old.test/')).toBe('https://old.test/');
    now += 2_000;
    expect(up(store, 'http://old.test/')).toBeUndefined();
  });
});
