import { readFileSync } from 'node:fs';
import {
  type FindingsPolicy,
  isHoplensError,
  type Network,
  parseCaBundle,
  parseDecimalInteger,
  parseNetworks,
} from '../core/index.js';
import { policyFromJson } from '../core/policy/policy-parse.js';
import { chromiumPath, RENDER_BOUNDS_DEFAULTS, type RenderBounds } from '../render/index.js';

/** Log levels pino accepts, plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A pino log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Everything the service reads from its environment, parsed and validated once at start-up. Frozen: nothing may
 * change it after the app is built.
 */
export interface ServiceConfig {
  /** `PORT`: TCP port to listen on (0 picks a free one). */
  readonly port: number;
  /** `HOST`: address to listen on. */
  readonly host: string;
  /** `LOG_LEVEL`: pino level. */
  readonly logLevel: LogLevel;
  /** `HOPLENS_RATE_LIMIT_PER_MINUTE` and `HOPLENS_RATE_LIMIT_PER_DAY`: requests per client IP and window. */
  readonly rateLimit: { readonly perMinute: number; readonly perDay: number };
  /** `REDIS_URL`: where shared rate-limit counters live; undefined keeps them in this process's memory. */
  readonly redisUrl: string | undefined;
  /** `HOPLENS_ALLOW_NETWORKS`: networks exempt from the block on non-public destinations, parsed once here. */
  readonly allowNetworks: readonly Network[];
  /**
   * `HOPLENS_CA_FILE`: the certificates of a PEM file of certificate authorities trusted besides Node's roots, read
   * once here; undefined when unset.
   */
  readonly ca: readonly string[] | undefined;
  /** `HOPLENS_TRUST_PROXY`: CIDRs of proxies whose X-Forwarded-For is believed (canonical text). */
  readonly trustProxy: readonly string[];
  /** `HOPLENS_MAX_CONCURRENCY`: analyses running at once in this process. */
  readonly maxConcurrency: number;
  /** `HOPLENS_MAX_QUEUE`: analyses allowed to wait for a slot; beyond that, 503 at once. */
  readonly maxQueue: number;
  /** `HOPLENS_QUEUE_TIMEOUT_MS`: longest wait for a slot before a 503. */
  readonly queueTimeoutMs: number;
  /** `HOPLENS_ANALYSIS_TIMEOUT_MS`: bound on one whole analysis, all hops together. */
  readonly analysisTimeoutMs: number;
  /** `HOPLENS_SHUTDOWN_GRACE_MS`: how long in-flight analyses may run after SIGTERM before they are cut off. */
  readonly shutdownGraceMs: number;
  /** `HOPLENS_RENDER`: `on` lets callers ask for `render=true` (headless Chromium); off by default. */
  readonly render: boolean;
  /** `HOPLENS_RENDER_CONCURRENCY`: renders in flight at once in this process. */
  readonly renderConcurrency: number;
  /** `HOPLENS_CHROMIUM`: the Chromium executable that renders (default Debian's headless shell, else its `chromium`). */
  readonly chromiumPath: string;
  /** The bounds on each rendered analysis (`HOPLENS_RENDER_MAX_*`, docs/api.md). */
  readonly renderBounds: RenderBounds;
  /**
   * `HOPLENS_CONFIG`: the policy file (hoplens.config.json: severity overrides, allowed redirects, thresholds) applied
   * to every analysis, read and compiled once here; undefined when unset.
   */
  readonly policy: FindingsPolicy | undefined;
  /** Monitors (docs/monitors.md): where they live, who may manage them, where their alerts go. */
  readonly monitors: MonitorsConfig;
  /** `GET /metrics` (docs/operations.md). */
  readonly metrics: MetricsConfig;
  /** `HOPLENS_MCP`: `on` serves the MCP tools at `POST /mcp` (docs/mcp.md); off by default. */
  readonly mcp: boolean;
}

/** The metrics' part of the configuration. */
export interface MetricsConfig {
  /** `HOPLENS_METRICS`: `on` serves `GET /metrics` in Prometheus's text format; off by default. */
  readonly enabled: boolean;
  /** `HOPLENS_METRICS_TOKEN`: when set, `/metrics` needs `Authorization: Bearer <token>`. */
  readonly token: string | undefined;
}

/** The monitors' part of the configuration. */
export interface MonitorsConfig {
  /** `HOPLENS_ADMIN_TOKEN`: the bearer token of `/api/monitors`; undefined turns monitors off altogether. */
  readonly adminToken: string | undefined;
  /** `HOPLENS_DATA_DIR`: where the embedded database lives. */
  readonly dataDir: string;
  /** `DATABASE_URL`: a shared PostgreSQL (`postgres://...`) instead of the embedded database. */
  readonly databaseUrl: string | undefined;
  /** `HOPLENS_HISTORY_DAYS`: runs older than this many days are deleted. */
  readonly historyDays: number;
  /** `HOPLENS_WEBHOOK_URL`: the instance's generic webhook for alerts. */
  readonly webhookUrl: string | undefined;
  /** `HOPLENS_SLACK_WEBHOOK_URL`: the instance's Slack-compatible incoming webhook. */
  readonly slackWebhookUrl: string | undefined;
  /** `HOPLENS_WEBHOOK_SECRET`: the key of the generic webhook's HMAC-SHA256 signature. */
  readonly webhookSecret: string | undefined;
  /** `HOPLENS_PUBLIC_URL`: where people reach this instance, for the links in alerts (default `http://localhost:PORT`). */
  readonly publicUrl: string;
  /** `HOPLENS_SMTP_URL`: the SMTP server of e-mail alerts (`smtp://user:password@host:587`, `smtps://...`). */
  readonly smtpUrl: string | undefined;
  /** `HOPLENS_ALERT_EMAIL_FROM`: the sender of e-mail alerts when a monitor names none. */
  readonly emailFrom: string | undefined;
  /** `HOPLENS_ALERT_EMAIL_TO`: comma-separated recipients of e-mail alerts when a monitor names none. */
  readonly emailTo: readonly string[] | undefined;
  /**
   * `HOPLENS_ALERT_BLOCK_PRIVATE`: `on` holds chat and webhook alert URLs to the analyses' address policy (refused
   * when not public unless `HOPLENS_ALLOW_NETWORKS` allows them); off by default.
   */
  readonly alertBlockPrivate: boolean;
}

/** A configuration problem; the message names the variable and says what it must be. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** The environment variable at fault. */
  readonly variable: string;

  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.variable = variable;
  }
}

/** The environment as the parser sees it: only strings (or absent). */
export type Environment = Readonly<Record<string, string | undefined>>;

/** Every variable the service reads, with its default, for docs/api.md and for `--help`-style listings. */
export const CONFIG_DEFAULTS = Object.freeze({
  PORT: 3000,
  HOST: '0.0.0.0',
  LOG_LEVEL: 'info' as LogLevel,
  HOPLENS_RATE_LIMIT_PER_MINUTE: 30,
  HOPLENS_RATE_LIMIT_PER_DAY: 3000,
  HOPLENS_MAX_CONCURRENCY: 64,
  HOPLENS_MAX_QUEUE: 1000,
  HOPLENS_QUEUE_TIMEOUT_MS: 10_000,
  HOPLENS_ANALYSIS_TIMEOUT_MS: 60_000,
  HOPLENS_SHUTDOWN_GRACE_MS: 20_000,
  HOPLENS_RENDER: 'off' as 'on' | 'off',
  HOPLENS_RENDER_CONCURRENCY: 2,
  HOPLENS_RENDER_MAX_REQUESTS: RENDER_BOUNDS_DEFAULTS.maxRequests,
  HOPLENS_RENDER_MAX_PARALLEL_REQUESTS: RENDER_BOUNDS_DEFAULTS.maxParallelRequests,
  HOPLENS_RENDER_MAX_RESPONSE_BYTES: RENDER_BOUNDS_DEFAULTS.maxResponseBytes,
  HOPLENS_RENDER_MAX_BYTES: RENDER_BOUNDS_DEFAULTS.maxRenderBytes,
  HOPLENS_RENDER_MAX_MEMORY_MB: RENDER_BOUNDS_DEFAULTS.maxContextMemory / 1e6,
  HOPLENS_DATA_DIR: './data',
  HOPLENS_HISTORY_DAYS: 90,
  HOPLENS_METRICS: 'off' as 'on' | 'off',
  HOPLENS_MCP: 'off' as 'on' | 'off',
  HOPLENS_ALERT_BLOCK_PRIVATE: 'off' as 'on' | 'off',
});

/** A variable's value, or undefined when it is unset or blank (an empty `FOO=` in a compose file means "unset"). */
function raw(env: Environment, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Environment, name: string, fallback: number, min: number, max: number): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  // Decimal digits only: parseInt would take "30abc", Number would take "1e3" and "0x1f".
  const parsed = parseDecimalInteger(value);
  if (parsed === undefined) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  if (parsed < min || parsed > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}, got ${value}`);
  }
  return parsed;
}

function networks(env: Environment, name: string): readonly Network[] {
  const value = raw(env, name);
  if (value === undefined) return Object.freeze([]);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    return Object.freeze(parseNetworks(entries));
  } catch (error) {
    throw new ConfigError(name, `must be a comma-separated list of CIDR blocks: ${(error as Error).message}`);
  }
}

function redisUrl(env: Environment): string | undefined {
  const value = raw(env, 'REDIS_URL');
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('REDIS_URL', 'must be a URL such as redis://localhost:6379');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError('REDIS_URL', `must use redis: or rediss:, not ${url.protocol}`);
  }
  return value;
}

/** Reads a file named by a variable, or throws the ConfigError that says why it cannot be read. */
function readNamedFile(name: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    throw new ConfigError(name, `cannot read ${path}: ${reason}`);
  }
}

/** Reads and compiles the policy file at start-up, so that a bad file stops the service rather than being ignored. */
function policyFile(env: Environment): FindingsPolicy | undefined {
  const path = raw(env, 'HOPLENS_CONFIG');
  if (path === undefined) return undefined;
  const text = readNamedFile('HOPLENS_CONFIG', path);
  try {
    return policyFromJson(text);
  } catch (error) {
    if (!isHoplensError(error) || error.code !== 'INVALID_OPTION') throw error;
    throw new ConfigError('HOPLENS_CONFIG', `${path}: ${error.details.requirement}`);
  }
}

/** Reads the CA file at start-up, so that a wrong path stops the service rather than failing every https target. */
function caFile(env: Environment): readonly string[] | undefined {
  const path = raw(env, 'HOPLENS_CA_FILE');
  if (path === undefined) return undefined;
  const text = readNamedFile('HOPLENS_CA_FILE', path);
  try {
    return Object.freeze(parseCaBundle(text));
  } catch (error) {
    throw new ConfigError('HOPLENS_CA_FILE', `${path}: ${(error as Error).message}`);
  }
}

function logLevel(env: Environment): LogLevel {
  const value = raw(env, 'LOG_LEVEL')?.toLowerCase();
  if (value === undefined) return CONFIG_DEFAULTS.LOG_LEVEL;
  const found = LOG_LEVELS.find((level) => level === value);
  if (found === undefined) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  return found;
}

/** An on/off switch: `on`, `off` (also `true`/`false`, `1`/`0`), any case. */
function onOff(env: Environment, name: string, fallback: 'on' | 'off'): boolean {
  const value = raw(env, name)?.toLowerCase() ?? fallback;
  if (['on', 'true', '1'].includes(value)) return true;
  if (['off', 'false', '0'].includes(value)) return false;
  throw new ConfigError(name, `must be on or off, got ${JSON.stringify(value)}`);
}

/** An absolute URL of one of `protocols`, or undefined when unset. */
function urlVariable(
  env: Environment,
  name: string,
  protocols: readonly string[],
  example: string,
): string | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL such as ${example}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, not ${url.protocol}`);
  }
  return value;
}

function monitorsConfig(env: Environment, port: number): MonitorsConfig {
  const http = ['http:', 'https:'];
  return Object.freeze({
    adminToken: raw(env, 'HOPLENS_ADMIN_TOKEN'),
    dataDir: raw(env, 'HOPLENS_DATA_DIR') ?? CONFIG_DEFAULTS.HOPLENS_DATA_DIR,
    databaseUrl: urlVariable(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user@db:5432/hoplens'),
    historyDays: integer(env, 'HOPLENS_HISTORY_DAYS', CONFIG_DEFAULTS.HOPLENS_HISTORY_DAYS, 1, 36_500),
    webhookUrl: urlVariable(env, 'HOPLENS_WEBHOOK_URL', http, 'https://hooks.example.com/hoplens'),
    slackWebhookUrl: urlVariable(env, 'HOPLENS_SLACK_WEBHOOK_URL', http, 'https://hooks.slack.com/services/...'),
    webhookSecret: raw(env, 'HOPLENS_WEBHOOK_SECRET'),
    publicUrl:
      urlVariable(env, 'HOPLENS_PUBLIC_URL', http, 'https://hoplens.example.com') ?? `http://localhost:${port}`,
    smtpUrl: urlVariable(env, 'HOPLENS_SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
    emailFrom: raw(env, 'HOPLENS_ALERT_EMAIL_FROM'),
    emailTo: addressList(env, 'HOPLENS_ALERT_EMAIL_TO'),
    alertBlockPrivate: onOff(env, 'HOPLENS_ALERT_BLOCK_PRIVATE', CONFIG_DEFAULTS.HOPLENS_ALERT_BLOCK_PRIVATE),
  });
}

/** A comma-separated list of e-mail addresses, or undefined when unset. */
function addressList(env: Environment, name: string): readonly string[] | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  const addresses = value
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  if (addresses.length === 0 || addresses.some((address) => !/^[^\s@<>,]+@[^\s@<>,]+$/.test(address))) {
    throw new ConfigError(name, 'must be e-mail addresses separated by commas, such as ops@example.com');
  }
  return Object.freeze(addresses);
}

/**
 * The metrics' switch and token. A token is sent as a bearer token, so it must be one (RFC 6750's token68 characters);
 * a token without metrics on is a mistake said at once rather than a scrape that finds nothing.
 */
function metricsConfig(env: Environment): MetricsConfig {
  const enabled = onOff(env, 'HOPLENS_METRICS', CONFIG_DEFAULTS.HOPLENS_METRICS);
  const token = raw(env, 'HOPLENS_METRICS_TOKEN');
  if (token !== undefined && !/^[A-Za-z0-9\-._~+/]+=*$/.test(token)) {
    throw new ConfigError(
      'HOPLENS_METRICS_TOKEN',
      'must be one word of letters, digits and -._~+/ (it is sent as Authorization: Bearer <token>)',
    );
  }
  if (token !== undefined && !enabled) {
    throw new ConfigError('HOPLENS_METRICS_TOKEN', 'is set but HOPLENS_METRICS is off: set HOPLENS_METRICS=on');
  }
  return Object.freeze({ enabled, token });
}

const DAY_MAX = 10_000_000;
const GIB = 1024 * 1024 * 1024;

/** The bounds on each rendered analysis; the bytes of one response cannot exceed the render's. */
function renderBounds(env: Environment): RenderBounds {
  const d = CONFIG_DEFAULTS;
  const maxRenderBytes = integer(env, 'HOPLENS_RENDER_MAX_BYTES', d.HOPLENS_RENDER_MAX_BYTES, 1024, GIB);
  return Object.freeze({
    maxRequests: integer(env, 'HOPLENS_RENDER_MAX_REQUESTS', d.HOPLENS_RENDER_MAX_REQUESTS, 1, 100_000),
    maxParallelRequests: integer(
      env,
      'HOPLENS_RENDER_MAX_PARALLEL_REQUESTS',
      d.HOPLENS_RENDER_MAX_PARALLEL_REQUESTS,
      1,
      64,
    ),
    maxResponseBytes: integer(
      env,
      'HOPLENS_RENDER_MAX_RESPONSE_BYTES',
      Math.min(d.HOPLENS_RENDER_MAX_RESPONSE_BYTES, maxRenderBytes),
      1024,
      maxRenderBytes,
    ),
    maxRenderBytes,
    maxContextMemory: integer(env, 'HOPLENS_RENDER_MAX_MEMORY_MB', d.HOPLENS_RENDER_MAX_MEMORY_MB, 64, 65_536) * 1e6,
  });
}
const MS_MAX = 24 * 60 * 60 * 1000;

/**
 * Parses and validates the service's environment. Throws a {@link ConfigError} naming the first bad variable.
 * Blank variables count as unset.
 */
export function loadConfig(env: Environment = process.env): ServiceConfig {
  const d = CONFIG_DEFAULTS;
  const port = integer(env, 'PORT', d.PORT, 0, 65_535);
  return Object.freeze({
    port,
    host: raw(env, 'HOST') ?? d.HOST,
    logLevel: logLevel(env),
    rateLimit: Object.freeze({
      perMinute: integer(env, 'HOPLENS_RATE_LIMIT_PER_MINUTE', d.HOPLENS_RATE_LIMIT_PER_MINUTE, 1, DAY_MAX),
      perDay: integer(env, 'HOPLENS_RATE_LIMIT_PER_DAY', d.HOPLENS_RATE_LIMIT_PER_DAY, 1, DAY_MAX),
    }),
    redisUrl: redisUrl(env),
    allowNetworks: networks(env, 'HOPLENS_ALLOW_NETWORKS'),
    ca: caFile(env),
    trustProxy: Object.freeze(networks(env, 'HOPLENS_TRUST_PROXY').map((network) => network.text)),
    maxConcurrency: integer(env, 'HOPLENS_MAX_CONCURRENCY', d.HOPLENS_MAX_CONCURRENCY, 1, 100_000),
    maxQueue: integer(env, 'HOPLENS_MAX_QUEUE', d.HOPLENS_MAX_QUEUE, 0, 1_000_000),
    queueTimeoutMs: integer(env, 'HOPLENS_QUEUE_TIMEOUT_MS', d.HOPLENS_QUEUE_TIMEOUT_MS, 0, MS_MAX),
    analysisTimeoutMs: integer(env, 'HOPLENS_ANALYSIS_TIMEOUT_MS', d.HOPLENS_ANALYSIS_TIMEOUT_MS, 1000, MS_MAX),
    shutdownGraceMs: integer(env, 'HOPLENS_SHUTDOWN_GRACE_MS', d.HOPLENS_SHUTDOWN_GRACE_MS, 0, MS_MAX),
    render: onOff(env, 'HOPLENS_RENDER', d.HOPLENS_RENDER),
    renderConcurrency: integer(env, 'HOPLENS_RENDER_CONCURRENCY', d.HOPLENS_RENDER_CONCURRENCY, 1, 64),
    chromiumPath: chromiumPath(env),
    renderBounds: renderBounds(env),
    monitors: monitorsConfig(env, port),
    metrics: metricsConfig(env),
    mcp: onOff(env, 'HOPLENS_MCP', d.HOPLENS_MCP),
    policy: policyFile(env),
  });
}
