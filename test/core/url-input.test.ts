import { describe, expect, it } from 'vitest';
import { normalizeUrlInput, parseTargetUrl, parseUrlInput } from '../../src/core/index.js';

describe('normalizeUrlInput (the web page and the command line)', () => {
  it('puts https:// in front of a bare host, with or without a port or path', () => {
    expect(normalizeUrlInput('  example.com/path ')).toBe('https://example.com/path');
    expect(normalizeUrlInput('www.example.com')).toBe('https://www.example.com');
    expect(normalizeUrlInput('localhost:8080/x')).toBe('https://localhost:8080/x');
    expect(normalizeUrlInput('example.com:8080')).toBe('https://example.com:8080');
    expect(normalizeUrlInput('example.com/?next=http://other.example/')).toBe(
      'https://example.com/?next=http://other.example/',
    );
    expect(normalizeUrlInput('//example.com/a')).toBe('https://example.com/a');
  });

  it('leaves anything with a scheme alone, and an empty field empty', () => {
    expect(normalizeUrlInput('http://example.com')).toBe('http://example.com');
    expect(normalizeUrlInput('HTTPS://example.com:8443/a')).toBe('HTTPS://example.com:8443/a');
    expect(normalizeUrlInput('ftp://example.com')).toBe('ftp://example.com');
    expect(normalizeUrlInput('mailto:someone@example.com')).toBe('mailto:someone@example.com');
    expect(normalizeUrlInput('   ')).toBe('');
  });

  // Issue 44: a spreadsheet formula got `https://` in front and was looked up in DNS as a host.
  it('puts nothing in front of what does not start as a host does: a formula, a quote, a parenthesis', () => {
    expect(normalizeUrlInput('=HYPERLINK("https://a.test/x")')).toBe('=HYPERLINK("https://a.test/x")');
    expect(normalizeUrlInput('"example.com"')).toBe('"example.com"');
    expect(normalizeUrlInput('(example.com)')).toBe('(example.com)');
    expect(() => parseUrlInput('=HYPERLINK("https://a.test/x")')).toThrow('Not a valid URL');
    expect(normalizeUrlInput('bücher.example/a')).toBe('https://bücher.example/a');
    expect(normalizeUrlInput('[::1]:8080/a')).toBe('https://[::1]:8080/a');
    expect(normalizeUrlInput('8.8.8.8/a')).toBe('https://8.8.8.8/a');
  });
});

describe('parsing what a person typed', () => {
  it('names the missing scheme of `host:port`, not the scheme `host:` the URL parser reads', () => {
    expect(() => parseTargetUrl('example.com:8080')).toThrow('The URL has no scheme: write https://example.com:8080');
    expect(parseUrlInput('example.com:8080/a').href).toBe('https://example.com:8080/a');
  });

  it('still refuses other schemes, and reports a hopeless input as typed', () => {
    expect(() => parseUrlInput('ftp://x')).toThrow('Only http and https URLs can be analysed, not ftp:');
    expect(() => parseUrlInput('not a url')).toThrow('Not a valid URL: "not a url"');
  });
});
