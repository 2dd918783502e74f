import { invalidOption } from './errors.js';
import { isPolicy, NO_POLICY, type Policy } from './policy.js';
import { isProductToken, PRODUCT_TOKEN_MAX_LENGTH } from './product-token.js';
import { type Network, parseNetworks } from './ssrf-guard.js';
import type { AnalyzeOptions, ClientRedirectMode, HeaderSelection, HttpMethod, TlsMode } from './types.js';

/** Allowed ranges of the numeric options (inclusive), shared by the service and the CLI. */
export const LIMITS = Object.freeze({
  maxHops: Object.freeze({ min: 1, max: 20 }),
  timeout: Object.freeze({ min: 1000, max: 30_000 }),
  renderWait: Object.freeze({ min: 0, max: 10_000 }),
  userAgentLength: 512,
  crawlerLength: PRODUCT_TOKEN_MAX_LENGTH,
});

/** Every default of {@link AnalyzeOptions}, in one place. */
export const DEFAULTS = Object.freeze({
  maxHops: 10,
  timeout: 10_000,
  userAgent: 'hoplens/1.0',
  method: 'GET' as HttpMethod,
  cookies: false,
  headers: 'default' as HeaderSelection,
  blockPrivate: true,
  allowNetworks: Object.freeze([] as string[]),
  clientRedirects: 'follow' as ClientRedirectMode,
  render: false,
  renderWait: 3000,
  tls: 'verify' as TlsMode,
  http2: true,
  robots: true,
  crawler: 'Googlebot',
});

/** Options after validation, with every default filled in. */
export interface NormalizedOptions {
  readonly maxHops: number;
  readonly timeout: number;
  readonly userAgent: string;
  readonly method: HttpMethod;
  readonly cookies: boolean;
  readonly headers: HeaderSelection;
  readonly blockPrivate: boolean;
  readonly allowNetworks: readonly Network[];
  readonly clientRedirects: ClientRedirectMode;
  readonly render: boolean;
  readonly renderWait: number;
  readonly tls: TlsMode;
  readonly http2: boolean;
  readonly robots: boolean;
  /** The product token of the crawler destinations are judged for. */
  readonly crawler: string;
  /** The policy compiled (`NO_POLICY` when none was given). */
  readonly policy: Policy;
}

function integerIn(option: 'maxHops' | 'timeout' | 'renderWait', value: unknown): number {
  const { min, max } = LIMITS[option];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidOption(option, `must be an integer from ${min} to ${max}`, value);
  }
  return value;
}

function oneOf<T extends string>(option: string, value: unknown, allowed: readonly T[]): T {
  const upper = typeof value === 'string' ? value : undefined;
  const found = allowed.find((candidate) => candidate.toLowerCase() === upper?.toLowerCase());
  if (found === undefined) throw invalidOption(option, `must be one of ${allowed.join(', ')}`, value);
  return found;
}

function bool(option: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalidOption(option, 'must be a boolean', value);
  return value;
}

/**
 * Characters a User-Agent may not carry: C0 controls but horizontal tab, DEL and C1 controls. RFC 9110 §5.5 allows
 * HTAB inside a field value; the others would split, truncate or garble the request. The one rule for every face.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/** Header values travel as latin1: anything wider cannot be sent faithfully. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * Validates a User-Agent: the rule the library, the API and the CLI all apply. Throws `INVALID_OPTION` (`userAgent`)
 * saying what is wrong.
 */
export function checkUserAgent(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidOption('userAgent', 'must be a non-empty string', typeof value === 'string' ? undefined : value);
  }
  if (value.length > LIMITS.userAgentLength) {
    // The length, not the value: what was too long is the caller's own text, and could be huge.
    const got = `${value.length} characters`;
    throw invalidOption('userAgent', `must be at most ${LIMITS.userAgentLength} characters`, undefined, got);
  }
  if (CONTROL_CHARACTERS.test(value)) throw invalidOption('userAgent', 'must not contain control characters');
  if (BEYOND_LATIN1.test(value)) throw invalidOption('userAgent', 'must contain only latin1 characters');
  return value;
}

/**
 * Validates the `crawler` option: a product token as robots.txt groups name crawlers (RFC 9309 §2.2.1). Anything else
 * could never name a group (Google reads a group's name only up to the first other character), so it is refused
 * rather than silently judged as `*`.
 */
export function checkCrawler(value: unknown): string {
  if (typeof value !== 'string' || !isProductToken(value)) {
    const requirement = `must be a crawler's product token: 1 to ${PRODUCT_TOKEN_MAX_LENGTH} letters, "-" or "_" (e.g. Googlebot, bingbot)`;
    throw invalidOption('crawler', requirement, typeof value === 'string' ? value.slice(0, 100) : value);
  }
  return value;
}

/** Whether `value` looks like a {@link Network} made by `parseNetworks` (already parsed: not parsed again). */
function isNetwork(value: unknown): value is Network {
  const candidate = value as Partial<Network> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.text === 'string' &&
    typeof candidate.prefix === 'number' &&
    typeof candidate.address?.kind === 'function'
  );
}

function networks(value: unknown): readonly Network[] {
  if (!Array.isArray(value)) throw invalidOption('allowNetworks', 'must be an array of CIDR strings', value);
  if (value.length === 0) return [];
  if (value.every(isNetwork)) return value;
  try {
    return parseNetworks(value.map((entry) => (isNetwork(entry) ? entry.text : entry)));
  } catch (error) {
    throw invalidOption('allowNetworks', `must be a list of CIDR blocks (${(error as Error).message})`);
  }
}

/**
 * A policy given compiled. A policy file's contents are compiled by `Analyzer.analyze` (which loads the validator only
 * then, src/core/policy.ts) or by `parsePolicy` beforehand; options validated on their own cannot compile one.
 */
function compiled(value: unknown): Policy {
  if (isPolicy(value)) return value;
  throw invalidOption('policy', 'must be compiled first: pass it to analyze(), or to parsePolicy() before prepare()');
}

/** Validates options once and fills in defaults. Throws `HoplensError('INVALID_OPTION')` naming the option. */
export function normalizeOptions(options: AnalyzeOptions = {}): NormalizedOptions {
  if (typeof options !== 'object' || options === null) throw invalidOption('options', 'must be an object');
  const o = options;
  const d = DEFAULTS;
  return Object.freeze({
    maxHops: o.maxHops === undefined ? d.maxHops : integerIn('maxHops', o.maxHops),
    timeout: o.timeout === undefined ? d.timeout : integerIn('timeout', o.timeout),
    userAgent: o.userAgent === undefined ? d.userAgent : checkUserAgent(o.userAgent),
    method: o.method === undefined ? d.method : oneOf('method', o.method, ['GET', 'HEAD'] as const),
    cookies: o.cookies === undefined ? d.cookies : bool('cookies', o.cookies),
    headers: o.headers === undefined ? d.headers : oneOf('headers', o.headers, ['default', 'all'] as const),
    blockPrivate: o.blockPrivate === undefined ? d.blockPrivate : bool('blockPrivate', o.blockPrivate),
    allowNetworks: o.allowNetworks === undefined ? [] : networks(o.allowNetworks),
    clientRedirects:
      o.clientRedirects === undefined
        ? d.clientRedirects
        : oneOf('clientRedirects', o.clientRedirects, ['follow', 'report'] as const),
    render: o.render === undefined ? d.render : bool('render', o.render),
    renderWait: o.renderWait === undefined ? d.renderWait : integerIn('renderWait', o.renderWait),
    tls: o.tls === undefined ? d.tls : oneOf('tls', o.tls, ['verify', 'report'] as const),
    http2: o.http2 === undefined ? d.http2 : bool('http2', o.http2),
    robots: o.robots === undefined ? d.robots : bool('robots', o.robots),
    crawler: o.crawler === undefined ? d.crawler : checkCrawler(o.crawler),
    policy: o.policy === undefined ? NO_POLICY : compiled(o.policy),
  });
}
