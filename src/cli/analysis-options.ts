import { type Command, Option } from 'commander';
import {
  type AnalyzeOptions,
  DEFAULTS,
  isCoreError,
  LIMITS,
  normalizeOptions,
  parseDecimalInteger,
} from '../core/index.js';
import { cliError, invalidFlag } from './errors.js';
import { USER_AGENT_PRESET_NAMES, USER_AGENT_PRESETS, type UserAgentPreset } from './user-agents.js';

/** The analysis flags shared by `hoplens <url...>` and `hoplens check`, as commander hands them over. */
export interface AnalysisFlags {
  maxHops?: string;
  timeout?: string;
  userAgent?: string;
  ua?: UserAgentPreset;
  method?: string;
  cookies?: boolean;
  headers?: string;
  blockPrivate?: boolean;
  allowNetwork?: string[];
  clientRedirects?: string;
  render?: boolean;
  renderWait?: string;
  /** `--ca`: PEM files of certificate authorities to trust besides Node's roots (read by `readCaFiles`). */
  ca?: string[];
  insecure?: boolean;
  /** False with `--no-http2`. */
  http2?: boolean;
  /** False with `--no-robots`. */
  robots?: boolean;
  /** `--crawler <token>`: the crawler destinations are judged for (robots.txt group, noindex rules). */
  crawler?: string;
  /** `--config <file>`: the policy file; false with `--no-config` (read by `readPolicyFile`). */
  config?: string | false;
  /** `-v`: the human tables show each hop's connection, timing phases and certificate (nothing to analyse). */
  verbose?: boolean;
}

/** Core option name → the flag a user typed, so that validation errors name what the user can fix. */
const FLAG_OF: Readonly<Record<string, string>> = {
  maxHops: '--max-hops',
  timeout: '--timeout',
  userAgent: '--user-agent',
  method: '--method',
  cookies: '--cookies',
  headers: '--headers',
  blockPrivate: '--block-private',
  allowNetworks: '--allow-network',
  clientRedirects: '--client-redirects',
  render: '--render',
  renderWait: '--render-wait',
  tls: '--insecure',
  http2: '--no-http2',
  robots: '--no-robots',
  crawler: '--crawler',
};

/**
 * Parses an integer flag strictly ("10", not "10ms" or "1e3"). Range checks are left to the caller, or to
 * `normalizeOptions` for the core options, so that the limits live in one place.
 */
export function parseInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = parseDecimalInteger(value.trim());
  if (parsed === undefined) throw invalidFlag(flag, 'must be an integer', JSON.stringify(value));
  return parsed;
}

/** Parses an integer flag and checks it is within `[min, max]`. */
export function integerFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  const parsed = parseInteger(flag, value);
  if (parsed !== undefined && (parsed < min || parsed > max)) {
    throw invalidFlag(flag, `must be an integer from ${min} to ${max}`, String(parsed));
  }
  return parsed;
}

/** Adds the analysis flags to a command; their help text quotes the core's defaults and limits. */
export function addAnalysisOptions(command: Command): Command {
  return command
    .option(
      '--max-hops <n>',
      `stop after n hops, ${LIMITS.maxHops.min}-${LIMITS.maxHops.max} (default: ${DEFAULTS.maxHops})`,
    )
    .option(
      '--timeout <ms>',
      `per-hop timeout in milliseconds, ${LIMITS.timeout.min}-${LIMITS.timeout.max} (default: ${DEFAULTS.timeout})`,
    )
    .addOption(
      new Option('--user-agent <string>', `User-Agent header to send (default: "${DEFAULTS.userAgent}")`).conflicts(
        'ua',
      ),
    )
    .addOption(new Option('--ua <preset>', 'send a well-known user agent').choices(USER_AGENT_PRESET_NAMES))
    .option('--method <method>', 'HTTP method for every hop: get or head (default: get)')
    .option('--cookies', 'keep cookies set by one hop for the next ones (default: off)')
    .addOption(
      new Option(
        '--headers <which>',
        'response headers reported per hop: the redirect-relevant ones, or all (then shown under each hop in tables)',
      )
        .choices(['default', 'all'])
        .default(undefined),
    )
    .option('--block-private', 'refuse private, loopback and link-local destinations (default: allowed)')
    .option(
      '--allow-network <cidr>',
      'with --block-private, still allow this network (repeatable)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .addOption(
      new Option(
        '--client-redirects <mode>',
        'follow Refresh headers and meta refreshes as hops, as browsers and Googlebot do, or only report them',
      ).choices(['follow', 'report']),
    )
    .option('--render', 'load the last page in headless Chromium and follow its JavaScript redirects (default: off)')
    .option(
      '--render-wait <ms>',
      `with --render, how long a page may take to navigate on its own, ${LIMITS.renderWait.min}-${LIMITS.renderWait.max} (default: ${DEFAULTS.renderWait})`,
    )
    .option(
      '--ca <file>',
      "also trust the certificate authorities in this PEM file, besides Node's roots (repeatable)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('--insecure', 'a certificate problem does not fail the hop: it is reported as the issue tls_invalid')
    .option('--no-http2', 'speak HTTP/1.1 only: do not offer HTTP/2 to HTTPS servers')
    .option('--no-robots', "do not read the final URL's robots.txt (robots_blocked_destination)")
    .option(
      '--crawler <token>',
      `judge the destination's robots.txt and noindex rules for this crawler (default: ${DEFAULTS.crawler})`,
    )
    .option(
      '--config <file>',
      'policy file: severity overrides, allowed redirects, thresholds (default: the nearest hoplens.config.json)',
    )
    .option('--no-config', 'use no policy file, even if a hoplens.config.json is found')
    .option(
      '-v, --verbose',
      'tables: under each hop, its address (reused or not), HTTP version, timing phases and certificate',
    );
}

/**
 * Turns the flags into core {@link AnalyzeOptions}, validated by the core's own `normalizeOptions` so that the CLI
 * accepts exactly what the library accepts. Throws `INVALID_OPTION` naming the flag.
 *
 * The CLI runs on the user's machine, so private destinations (localhost, a staging box) are allowed unless
 * `--block-private` is given, unlike the library and service defaults.
 */
export function toAnalyzeOptions(flags: AnalysisFlags): AnalyzeOptions {
  // Exemptions from a block that is off would silently do nothing: say so rather than guess what was meant.
  if (flags.allowNetwork !== undefined && flags.blockPrivate !== true) {
    throw cliError('USAGE_ERROR', '--allow-network only has an effect with --block-private: add --block-private', {
      flag: '--allow-network',
    });
  }
  const options: AnalyzeOptions = { blockPrivate: flags.blockPrivate === true };
  const maxHops = parseInteger('--max-hops', flags.maxHops);
  if (maxHops !== undefined) options.maxHops = maxHops;
  const timeout = parseInteger('--timeout', flags.timeout);
  if (timeout !== undefined) options.timeout = timeout;
  const userAgent = flags.ua === undefined ? flags.userAgent : USER_AGENT_PRESETS[flags.ua];
  if (userAgent !== undefined) options.userAgent = userAgent;
  if (flags.method !== undefined) options.method = flags.method.toUpperCase() as AnalyzeOptions['method'];
  if (flags.cookies === true) options.cookies = true;
  if (flags.headers !== undefined) options.headers = flags.headers as AnalyzeOptions['headers'];
  if (flags.allowNetwork !== undefined) options.allowNetworks = flags.allowNetwork;
  if (flags.clientRedirects !== undefined) {
    options.clientRedirects = flags.clientRedirects as AnalyzeOptions['clientRedirects'];
  }
  if (flags.render === true) options.render = true;
  const renderWait = parseInteger('--render-wait', flags.renderWait);
  if (renderWait !== undefined) options.renderWait = renderWait;
  if (flags.insecure === true) options.tls = 'report';
  if (flags.http2 === false) options.http2 = false;
  if (flags.robots === false) options.robots = false;
  if (flags.crawler !== undefined) options.crawler = flags.crawler;
  try {
    normalizeOptions(options);
  } catch (error) {
    if (!isCoreError(error) || error.code !== 'INVALID_OPTION') throw error;
    const { option = '', requirement = 'is invalid', got } = error.details;
    throw invalidFlag(FLAG_OF[option] ?? option, requirement, got);
  }
  return options;
}
