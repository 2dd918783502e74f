/**
 * Request headers an analysis adds to every hop (curl's `-H`), and a request cookie: validated once for every face.
 * The headers that frame the request or that another option owns are refused by name, so that a header given by hand
 * can neither smuggle a second request nor silently lose to the tracer's own.
 */
import { invalidOption } from './errors.js';

/** Why the tracer owns a header; the options to use instead (by the core's names), and what for, when there are any. */
interface Owned {
  why?: string;
  use?: readonly string[];
  for?: string;
}

/**
 * Headers the tracer owns, with what to use instead where there is something. Host and the framing headers are the
 * connection's (RFC 9110 §7.2, §8.6; RFC 9112 §6.1, §9.6); HTTP/2 forbids the connection-specific ones outright
 * (RFC 9113 §8.2.2).
 */
const OWNED: Readonly<Record<string, Owned>> = Object.freeze({
  host: { why: "the host is the URL's", use: ['resolve', 'connectTo'], for: 'to connect elsewhere' },
  'content-length': { why: 'hops send no body' },
  'transfer-encoding': { why: 'hops send no body' },
  connection: { why: "the connection is the tracer's" },
  'keep-alive': { why: "the connection is the tracer's" },
  'proxy-connection': { why: "the connection is the tracer's" },
  upgrade: { why: "the connection is the tracer's" },
  te: { why: "the connection is the tracer's" },
  trailer: { why: 'hops send no body' },
  expect: { why: 'hops send no body' },
  'accept-encoding': { why: 'bodies are read uncompressed' },
  'user-agent': { use: ['userAgent'] },
  cookie: { use: ['requestCookie'] },
});

/** At most this many headers, each name and value within these lengths. */
export const REQUEST_HEADER_LIMITS = Object.freeze({ count: 32, nameLength: 64, valueLength: 2048 });

/** RFC 9110 §5.1: a field name is a token (§5.6.2). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §5.5: no control character in a value but HTAB; latin1 only, as header values travel. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BAD_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u0100-\uffff]/;

/**
 * Why a header name is refused for an analysis, or undefined when it may be sent. `nameOf` names the options to use
 * instead as the face that says it does (the CLI's `--resolve` for the core's `resolve`); the core's names by default.
 */
export function refusedHeader(
  name: string,
  nameOf: (option: string) => string = (option) => option,
): string | undefined {
  const owned = OWNED[name.toLowerCase()];
  if (owned === undefined) return undefined;
  const why = owned.why === undefined ? '' : ` (${owned.why})`;
  const use =
    owned.use === undefined
      ? ''
      : `; ${owned.for === undefined ? '' : `${owned.for}, `}use ${owned.use.map(nameOf).join(' or ')}`;
  return `${name}: hoplens sets it itself${why}${use}`;
}

/**
 * Validates the `requestHeaders` option: an object of name → value. Returns it with lower-case names (a later
 * spelling of a name replaces an earlier one). Throws `INVALID_OPTION` (`requestHeaders`) naming the header at fault.
 */
export function checkRequestHeaders(value: unknown): Readonly<Record<string, string>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidOption('requestHeaders', 'must be an object of header names to values', value);
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > REQUEST_HEADER_LIMITS.count) {
    throw invalidOption('requestHeaders', `must hold at most ${REQUEST_HEADER_LIMITS.count} headers`);
  }
  const headers: Record<string, string> = {};
  for (const [name, text] of entries) {
    if (!TOKEN.test(name) || name.length > REQUEST_HEADER_LIMITS.nameLength) {
      throw invalidOption(
        'requestHeaders',
        `must name headers by tokens of at most 64 characters (RFC 9110 §5.1)`,
        name,
      );
    }
    const refused = refusedHeader(name);
    if (refused !== undefined) throw invalidOption('requestHeaders', `must not set ${refused}`, name);
    if (typeof text !== 'string' || text.length > REQUEST_HEADER_LIMITS.valueLength || BAD_VALUE.test(text)) {
      const requirement = `must give ${name} a value of at most ${REQUEST_HEADER_LIMITS.valueLength} latin1 characters, no control characters but tab`;
      throw invalidOption('requestHeaders', requirement);
    }
    headers[name.toLowerCase()] = text.trim();
  }
  return Object.freeze(headers);
}

/** Validates the `requestCookie` option: a Cookie header's value (`name=value; other=value`). */
export function checkRequestCookie(value: unknown): string {
  if (typeof value !== 'string' || value.length > REQUEST_HEADER_LIMITS.valueLength || BAD_VALUE.test(value)) {
    throw invalidOption('requestCookie', 'must be a Cookie value (name=value; name=value) without control characters');
  }
  return value.trim();
}
