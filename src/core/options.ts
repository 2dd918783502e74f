import { type Network, parseNetworks } from './address/index.js';
import { invalidOption } from './errors.js';
import type { HstsStore } from './hsts/hsts-store.js';
import { type FindingsPolicy, isPolicy, NO_POLICY } from './policy/findings-policy.js';
import { LIMITS } from './portable/defaults.js';
import {
  type IntegerOption,
  OPTION_TABLE,
  type OptionName,
  type OptionSpec,
  type OptionValues,
} from './portable/option-table.js';
import { isProductToken, PRODUCT_TOKEN_MAX_LENGTH } from './product-token.js';
import { checkRequestCookie, checkRequestHeaders } from './request-headers.js';
import type { AnalyzeOptions } from './types.js';
import { refuseUnknownKeys } from './unknown-keys.js';

/** Options after validation, with every default filled in. */
export interface NormalizedOptions extends OptionValues {
  readonly allowNetworks: readonly Network[];
  /** The policy compiled (`NO_POLICY` when none was given). */
  readonly policy: FindingsPolicy;
  /** Headers added to every hop, names in lower case (none by default). */
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** A Cookie value sent on every hop, before the jar's cookies ('' by default). */
  readonly requestCookie: string;
  /** Whether the first hop's Host writes out a default port (false by default). */
  readonly explicitPort: boolean;
  /** With `asBrowser`: the caller's Known HSTS Hosts, shared across analyses (absent: a fresh one per analysis). */
  readonly hstsStore?: HstsStore | undefined;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

function explicitPortOf(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalidOption('explicitPort', 'must be true or false', value);
  return value;
}

function integerIn(option: string, value: unknown, { min, max }: IntegerOption): number {
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

/**
 * Lists of CIDR strings already parsed, by their text: a caller analysing many URLs passes the same list each time,
 * and parsing it again cost every analysis about 20 µs (BENCHMARKS.md, "HTTP/2 engine"). Bounded: emptied when full.
 */
const PARSED_NETWORKS = new Map<string, readonly Network[]>();
const PARSED_NETWORKS_MAX = 64;

function networks(value: unknown): readonly Network[] {
  if (!Array.isArray(value)) throw invalidOption('allowNetworks', 'must be an array of CIDR strings', value);
  if (value.length === 0) return [];
  const key = value.every((entry) => typeof entry === 'string') ? value.join('\n') : undefined;
  const known = key === undefined ? undefined : PARSED_NETWORKS.get(key);
  if (known !== undefined) return known;
  if (value.every(isNetwork)) return value;
  let parsed: readonly Network[];
  try {
    parsed = Object.freeze(parseNetworks(value.map((entry) => (isNetwork(entry) ? entry.text : entry))));
  } catch (error) {
    throw invalidOption('allowNetworks', `must be a list of CIDR blocks (${(error as Error).message})`);
  }
  if (key !== undefined) {
    if (PARSED_NETWORKS.size >= PARSED_NETWORKS_MAX) PARSED_NETWORKS.clear();
    PARSED_NETWORKS.set(key, parsed);
  }
  return parsed;
}

/**
 * A policy given compiled. A policy file's contents are compiled by `Analyzer.analyze` (which loads the validator only
 * then, src/core/policy/findings-policy.ts) or by `parsePolicy` beforehand; options validated on their own cannot compile one.
 */
function compiled(value: unknown): FindingsPolicy {
  if (isPolicy(value)) return value;
  throw invalidOption('policy', 'must be compiled first: pass it to analyze(), or to parsePolicy() before prepare()');
}

/** The `crawler` option: a product token a robots.txt group can name. */
export function checkCrawler(value: unknown): string {
  if (typeof value !== 'string' || !isProductToken(value)) {
    const requirement = `must be a crawler's product token: 1 to ${PRODUCT_TOKEN_MAX_LENGTH} letters, "-" or "_" (e.g. Googlebot, bingbot)`;
    throw invalidOption('crawler', requirement, typeof value === 'string' ? value.slice(0, 100) : value);
  }
  return value;
}

/** One option's value judged by its row of the table. */
function judged(name: OptionName, spec: OptionSpec, value: unknown): unknown {
  switch (spec.kind) {
    case 'integer':
      return integerIn(name, value, spec);
    case 'choice':
      return oneOf(name, value, spec.values);
    case 'switch':
      return bool(name, value);
    case 'header':
      return checkUserAgent(value);
    case 'token':
      return checkCrawler(value);
  }
}

/** The option table's rows, listed once. */
const OPTION_ROWS = Object.entries(OPTION_TABLE) as [OptionName, OptionSpec][];

/** Every key of {@link AnalyzeOptions}: the type makes this list whole, so a new option cannot be refused as unknown. */
const ANALYZE_OPTION_KEYS = new Set(
  Object.keys({
    ...(Object.fromEntries(OPTION_ROWS.map(([name]) => [name, true])) as Record<OptionName, true>),
    allowNetworks: true,
    policy: true,
    requestHeaders: true,
    requestCookie: true,
    explicitPort: true,
    signal: true,
    hstsStore: true,
  } satisfies Record<keyof AnalyzeOptions, true>),
);

/** Validates options once and fills in defaults. Throws `HoplensError('INVALID_OPTION')` naming the option. */
export function normalizeOptions(options: AnalyzeOptions = {}): NormalizedOptions {
  if (typeof options !== 'object' || options === null) throw invalidOption('options', 'must be an object');
  refuseUnknownKeys(options, ANALYZE_OPTION_KEYS);
  const given = options as Record<string, unknown>;
  // Filled in place and frozen, not spread into a second object: copying the table's twenty-odd values took V8's slow
  // path on every analysis (BENCHMARKS.md, "HTTP/2 engine").
  const values: Record<string, unknown> = {};
  for (const [name, spec] of OPTION_ROWS) {
    const value = given[name];
    values[name] = value === undefined ? spec.default : judged(name, spec, value);
  }
  values.allowNetworks = options.allowNetworks === undefined ? [] : networks(options.allowNetworks);
  values.policy = options.policy === undefined ? NO_POLICY : compiled(options.policy);
  values.requestHeaders =
    options.requestHeaders === undefined ? NO_HEADERS : checkRequestHeaders(options.requestHeaders);
  values.requestCookie = options.requestCookie === undefined ? '' : checkRequestCookie(options.requestCookie);
  values.explicitPort = explicitPortOf(options.explicitPort);
  if (options.hstsStore !== undefined) values.hstsStore = options.hstsStore;
  return Object.freeze(values) as unknown as NormalizedOptions;
}
