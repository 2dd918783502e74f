import { type Command, Option } from 'commander';
import { HoplensError, isHoplensError } from '../core/errors.js';
import { DEFAULTS, LIMITS, normalizeOptions } from '../core/options.js';
import type { AnalyzeOptions } from '../core/types.js';
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
};

/** An `INVALID_OPTION` error whose message starts with the flag. */
export function invalidFlag(flag: string, reason: string): HoplensError {
  return new HoplensError('INVALID_OPTION', `${flag} ${reason}`, { option: flag });
}

/**
 * Parses an integer flag strictly ("10", not "10ms" or "1e3"). Range checks are left to the caller, or to
 * `normalizeOptions` for the core options, so that the limits live in one place.
 */
export function parseInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(value.trim())) throw invalidFlag(flag, `must be an integer, got ${JSON.stringify(value)}`);
  return Number(value.trim());
}

/** Parses an integer flag and checks it is within `[min, max]`. */
export function integerFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  const parsed = parseInteger(flag, value);
  if (parsed !== undefined && (parsed < min || parsed > max)) {
    throw invalidFlag(flag, `must be an integer from ${min} to ${max}, got ${parsed}`);
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
  try {
    normalizeOptions(options);
  } catch (error) {
    if (isHoplensError(error) && error.code === 'INVALID_OPTION' && error.details.option !== undefined) {
      const flag = FLAG_OF[error.details.option] ?? error.details.option;
      throw invalidFlag(flag, error.message.replace(/^Invalid option "[^"]*":\s*/, ''));
    }
    throw error;
  }
  return options;
}
