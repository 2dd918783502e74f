import type { HopHsts } from '../types.js';
import { parseSts } from './parse-sts.js';

/**
 * A hop's {@link HopHsts} from its raw `Strict-Transport-Security` (undici gives an array for a repeated field), or
 * undefined when it sent none. Read from the raw fields, not the reported headers, which join repeated fields into
 * one and may leave the header out (`headers` option).
 * @param secure whether the response came over HTTPS with a certificate that passed: a browser ignores the field over
 * HTTP, and over a secure transport with errors (RFC 6797 §8.1)
 */
export function hopHsts(raw: string | string[] | undefined, secure: boolean): HopHsts | undefined {
  if (raw === undefined) return undefined;
  const fields = Array.isArray(raw) ? raw : [raw];
  // §8.1: "If a UA receives more than one STS header field ... the UA MUST process only the first such header field."
  const value = fields[0];
  if (value === undefined) return undefined;
  const parsed = parseSts(value);
  if (!parsed.valid) return { value, fields: fields.length, valid: false, problem: parsed.problem, counts: false };
  return {
    value,
    fields: fields.length,
    valid: true,
    maxAge: parsed.maxAge,
    includeSubDomains: parsed.includeSubDomains,
    preload: parsed.preload,
    counts: secure,
  };
}
