/**
 * Strict-Transport-Security read as RFC 6797 §6.1 defines it (https://www.rfc-editor.org/rfc/rfc6797#section-6.1):
 * case-insensitive directive names, token or quoted-string values, max-age required, a repeated directive invalid,
 * unknown directives ignored.
 */
import { describe, expect, it } from 'vitest';
import { parseSts } from '../../../src/core/hsts/parse-sts.js';

describe('parseSts', () => {
  it('reads max-age, includeSubDomains and preload, names in any case', () => {
    expect(parseSts('max-age=31536000; includeSubDomains; preload')).toEqual({
      valid: true,
      maxAge: 31_536_000,
      includeSubDomains: true,
      preload: true,
    });
    expect(parseSts('MAX-AGE=5;INCLUDESUBDOMAINS')).toEqual({
      valid: true,
      maxAge: 5,
      includeSubDomains: true,
      preload: false,
    });
  });

  it('accepts a quoted-string value, spaces around the parts, and empty directives (§6.1 grammar)', () => {
    expect(parseSts(' max-age = "600" ;; includeSubDomains ;')).toMatchObject({ valid: true, maxAge: 600 });
    expect(parseSts('max-age="1\\0"')).toMatchObject({ valid: true, maxAge: 10 });
  });

  it('ignores unknown directives, with or without a value (§6.1 item 3)', () => {
    expect(parseSts('max-age=60; report-uri="https://x.test/r"; foo')).toEqual({
      valid: true,
      maxAge: 60,
      includeSubDomains: false,
      preload: false,
    });
  });

  it('is invalid without max-age (§6.1.1: REQUIRED)', () => {
    expect(parseSts('includeSubDomains')).toEqual({ valid: false, problem: 'there is no max-age directive' });
    expect(parseSts('')).toMatchObject({ valid: false });
  });

  it('is invalid when a directive appears twice (§6.1 item 2), whatever its case', () => {
    expect(parseSts('max-age=1; Max-Age=2')).toEqual({ valid: false, problem: 'the max-age directive appears twice' });
    expect(parseSts('max-age=1; includeSubDomains; includesubdomains')).toMatchObject({ valid: false });
  });

  it('is invalid when max-age is not delta-seconds, or has no value', () => {
    expect(parseSts('max-age=-1')).toMatchObject({ valid: false });
    expect(parseSts('max-age=1.5')).toMatchObject({ valid: false });
    expect(parseSts('max-age=')).toMatchObject({ valid: false });
    expect(parseSts('max-age')).toEqual({ valid: false, problem: 'max-age has no value' });
  });

  it('is invalid when the value breaks the grammar (a comma, an unclosed quote, a value on includeSubDomains)', () => {
    // Two fields folded into one line by a proxy read as one invalid field.
    expect(parseSts('max-age=1, max-age=2')).toMatchObject({ valid: false });
    expect(parseSts('max-age="10')).toMatchObject({ valid: false });
    expect(parseSts('max-age=10; includeSubDomains=yes')).toEqual({
      valid: false,
      problem: 'includeSubDomains has a value',
    });
  });

  it('keeps max-age 0, which tells a browser to forget the host (§6.1.1)', () => {
    expect(parseSts('max-age=0')).toMatchObject({ valid: true, maxAge: 0 });
  });

  it('caps an absurd max-age rather than losing precision', () => {
    expect(parseSts(`max-age=${'9'.repeat(40)}`)).toMatchObject({ valid: true, maxAge: Number.MAX_SAFE_INTEGER });
  });
});
