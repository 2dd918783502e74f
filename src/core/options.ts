import { HoplensError } from './errors.js';
import { type Network, parseNetworks } from './ssrf-guard.js';
import type { AnalyzeOptions, HeaderSelection, HttpMethod } from './types.js';

/** Allowed ranges of the numeric options (inclusive), shared by the service and the CLI. */
export const LIMITS = Object.freeze({
  maxHops: Object.freeze({ min: 1, max: 20 }),
  timeout: Object.freeze({ min: 1000, max: 30_000 }),
  userAgentLength: 512,
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
  readonly signal: AbortSignal | undefined;
}

/** Parsed `allowNetworks` lists: callers pass the same list on every analysis, and parsing CIDRs is not free. */
const parsedNetworks = new Map<string, readonly Network[]>();

function parseNetworksCached(list: readonly string[]): readonly Network[] {
  if (list.length === 0) return [];
  // NUL cannot appear in a valid entry, so two lists that give the same key parse alike.
  const key = list.every((entry) => typeof entry === 'string') ? list.join('\u0000') : undefined;
  if (key === undefined) return parseNetworks(list);
  let parsed = parsedNetworks.get(key);
  if (parsed === undefined) {
    parsed = Object.freeze(parseNetworks(list));
    if (parsedNetworks.size >= 64) parsedNetworks.clear();
    parsedNetworks.set(key, parsed);
  }
  return parsed;
}

function invalid(option: string, message: string): HoplensError {
  return new HoplensError('INVALID_OPTION', `Invalid option "${option}": ${message}`, { option });
}

function integerIn(option: 'maxHops' | 'timeout', value: unknown): number {
  const { min, max } = LIMITS[option];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(option, `must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function oneOf<T extends string>(option: string, value: unknown, allowed: readonly T[]): T {
  const upper = typeof value === 'string' ? value : undefined;
  const found = allowed.find((candidate) => candidate.toLowerCase() === upper?.toLowerCase());
  if (found === undefined) throw invalid(option, `must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  return found;
}

function bool(option: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalid(option, `must be a boolean, got ${JSON.stringify(value)}`);
  return value;
}

/** Characters a header value may not carry: they would split or truncate the request. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f]/;

function userAgent(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid('userAgent', 'must be a non-empty string');
  if (value.length > LIMITS.userAgentLength) {
    throw invalid('userAgent', `must be at most ${LIMITS.userAgentLength} characters`);
  }
  if (CONTROL_CHARACTERS.test(value)) throw invalid('userAgent', 'must not contain control characters');
  // Header values travel as latin1; anything wider cannot be sent faithfully.
  if (/[\u0100-\uffff]/.test(value)) throw invalid('userAgent', 'must contain only latin1 characters');
  return value;
}

/** Validates options once and fills in defaults. Throws `HoplensError('INVALID_OPTION')` naming the option. */
export function normalizeOptions(options: AnalyzeOptions = {}): NormalizedOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'must be an object');
  let allowNetworks: readonly Network[] = [];
  if (options.allowNetworks !== undefined) {
    if (!Array.isArray(options.allowNetworks)) throw invalid('allowNetworks', 'must be an array of CIDR strings');
    try {
      allowNetworks = parseNetworksCached(options.allowNetworks);
    } catch (error) {
      throw invalid('allowNetworks', (error as Error).message);
    }
  }
  return Object.freeze({
    maxHops: options.maxHops === undefined ? DEFAULTS.maxHops : integerIn('maxHops', options.maxHops),
    timeout: options.timeout === undefined ? DEFAULTS.timeout : integerIn('timeout', options.timeout),
    userAgent: options.userAgent === undefined ? DEFAULTS.userAgent : userAgent(options.userAgent),
    method: options.method === undefined ? DEFAULTS.method : oneOf('method', options.method, ['GET', 'HEAD'] as const),
    cookies: options.cookies === undefined ? DEFAULTS.cookies : bool('cookies', options.cookies),
    headers:
      options.headers === undefined ? DEFAULTS.headers : oneOf('headers', options.headers, ['default', 'all'] as const),
    blockPrivate:
      options.blockPrivate === undefined ? DEFAULTS.blockPrivate : bool('blockPrivate', options.blockPrivate),
    allowNetworks,
    signal: options.signal,
  });
}
