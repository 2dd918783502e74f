import { type Command, Option } from 'commander';
import {
  type AnalyzeOptions,
  isCoreError,
  type NormalizedOptions,
  normalizeOptions,
  type OPTION_TABLE,
  type OptionName,
  refusedHeader,
} from '../core/index.js';
import { cliError, invalidFlag } from './errors.js';
import { FLAG_OPTIONS, flagOf, flagValue, parseInteger, tableOption } from './option-flags.js';
import { USER_AGENT_PRESET_NAMES, USER_AGENT_PRESETS, type UserAgentPreset } from './user-agents.js';

export { parseInteger };

/** The table's options the CLI offers, as commander names their values (`--no-http2` → `http2`). */
type TableFlags = {
  [K in Exclude<OptionName, 'tls'>]?: (typeof OPTION_TABLE)[K]['kind'] extends 'switch' ? boolean : string;
};

/** The analysis flags shared by `hoplens <url...>` and `hoplens check`, as commander hands them over. */
export interface AnalysisFlags extends TableFlags {
  ua?: UserAgentPreset;
  allowNetwork?: string[];
  /** `--ca`: PEM files of certificate authorities to trust besides Node's roots (read by `readCaFiles`). */
  ca?: string[];
  /** `--resolve HOST:PORT:ADDRESS[,ADDRESS]`, curl's: connect there instead of where DNS says (repeatable). */
  resolve?: string[];
  /** `--connect-to HOST1:PORT1:HOST2:PORT2`, curl's: a request for HOST1:PORT1 connects to HOST2:PORT2 (repeatable). */
  connectTo?: string[];
  /** `-H, --header 'Name: value'`, curl's: a request header sent on every hop (repeatable). */
  header?: string[];
  /** `--request-cookie 'name=value; ...'`: a Cookie sent on every hop (not `--cookies`, the jar). */
  requestCookie?: string;
  /** `--insecure`: the option table's `tls` switch. */
  insecure?: boolean;
  /** `--config <file>`: the policy file; false with `--no-config` (read by `readPolicyFile`). */
  config?: string | false;
  /** `-v`: the human tables show each hop's connection, timing phases and certificate (nothing to analyse). */
  verbose?: boolean;
}

/** Parses an integer flag and checks it is within `[min, max]`. */
export function integerFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  const parsed = parseInteger(flag, value);
  if (parsed !== undefined && (parsed < min || parsed > max)) {
    throw invalidFlag(flag, `must be an integer from ${min} to ${max}`, String(parsed));
  }
  return parsed;
}

/** The User-Agent to send: a `--ua` preset's, or `--user-agent`'s (commander refuses both at once). */
function userAgentOf(flags: AnalysisFlags): string | undefined {
  return flags.ua === undefined ? flags.userAgent : USER_AGENT_PRESETS[flags.ua];
}

/** Commander's collector of a repeatable flag. */
function repeat(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** The analysis flags of the request (what is sent, and to which addresses), in their help order. */
function addRequestOptions(command: Command): Command {
  return addAddressOptions(addSentOptions(command));
}

/** The analysis flags of what is sent, in their help order. */
function addSentOptions(command: Command): Command {
  return (
    command
      .addOption(tableOption('maxHops'))
      .addOption(tableOption('timeout'))
      .addOption(tableOption('userAgent').conflicts('ua'))
      .addOption(new Option('--ua <preset>', 'send a well-known user agent').choices(USER_AGENT_PRESET_NAMES))
      .addOption(tableOption('method'))
      .addOption(tableOption('cookies'))
      // No default shown: the human tables tell the selection apart only when it is given.
      .addOption(tableOption('headers').default(undefined))
      .option(
        '-H, --header <"Name: value">',
        "curl's -H: send this request header on every hop (repeatable; --headers chooses the response headers shown)",
        repeat,
      )
      .option(
        '--request-cookie <cookie>',
        'send this Cookie ("name=value; name=value") on every hop (--cookies keeps the cookies servers set)',
      )
  );
}

/** The address policy's flags (which destinations may be reached): every analysing command's, and `hoplens mcp`'s. */
export function addAddressOptions(command: Command): Command {
  return command
    .addOption(tableOption('blockPrivate'))
    .option('--allow-network <cidr>', 'with --block-private, still allow this network (repeatable)', repeat);
}

/** Adds the analysis flags to a command: the option table's, in their help order, and the CLI's own. */
export function addAnalysisOptions(command: Command): Command {
  return addRequestOptions(command)
    .addOption(tableOption('clientRedirects'))
    .addOption(tableOption('render'))
    .addOption(tableOption('renderWait'))
    .option(
      '--ca <file>',
      "also trust the certificate authorities in this PEM file, besides Node's roots (repeatable)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--resolve <host:port:address>',
      "curl's --resolve: connect to HOST on PORT at ADDRESS[,ADDRESS] instead of its DNS answer, on every hop; TLS still checks HOST (repeatable)",
      repeat,
    )
    .option(
      '--connect-to <host1:port1:host2:port2>',
      "curl's --connect-to: a request for HOST1:PORT1 connects to HOST2:PORT2 (empty: any / the same); Host and TLS stay HOST1 (repeatable)",
      repeat,
    )
    .addOption(tableOption('tls'))
    .addOption(tableOption('http2'))
    .addOption(tableOption('robots'))
    .addOption(tableOption('crawler'))
    .addOption(tableOption('asBrowser'))
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
 * `-H` lines as the core's `requestHeaders`: a line without a colon, or a header hoplens sets itself, is a usage error
 * naming it.
 */
function headerLines(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw invalidFlag('--header', 'must be written "Name: value"', JSON.stringify(line));
    const name = line.slice(0, colon).trim();
    // Refused here, where the options to use instead can be named by their flags (`--resolve`), not the core's names.
    const refused = refusedHeader(name, flagOf);
    if (refused !== undefined) throw invalidFlag('--header', `must not set ${refused}`);
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * Turns the flags into core {@link AnalyzeOptions}, validated once by the core's own `normalizeOptions` so that the
 * CLI accepts exactly what the library accepts. Throws `INVALID_OPTION` naming the flag.
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
  const given: Record<string, unknown> = { blockPrivate: flags.blockPrivate === true };
  for (const name of FLAG_OPTIONS) {
    const value = name === 'userAgent' ? userAgentOf(flags) : flagValue(name, flags);
    if (value !== undefined) given[name] = value;
  }
  if (flags.allowNetwork !== undefined) given.allowNetworks = flags.allowNetwork;
  if (flags.header !== undefined) given.requestHeaders = headerLines(flags.header);
  if (flags.requestCookie !== undefined) given.requestCookie = flags.requestCookie;
  let normalized: NormalizedOptions;
  try {
    normalized = normalizeOptions(given as AnalyzeOptions);
  } catch (error) {
    if (!isCoreError(error) || error.code !== 'INVALID_OPTION') throw error;
    const { option = '', requirement = 'is invalid', got } = error.details;
    throw invalidFlag(flagOf(option), requirement, got);
  }
  // The options given, each in the core's own spelling (`--method head` is `HEAD`); the rest stay the defaults.
  const options: Record<string, unknown> = { ...given };
  for (const name of FLAG_OPTIONS) if (name in given) options[name] = normalized[name];
  return options as AnalyzeOptions;
}
