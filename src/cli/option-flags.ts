/**
 * The option table's flags (src/core/portable/option-table.ts): each option's commander `Option` with its help made
 * from its row (the range and default quoted from the table, never written here), and the value a flag gives.
 */
import { Option } from 'commander';
import { OPTION_TABLE, type OptionName, type OptionSpec, optionSpec, parseDecimalInteger } from '../core/index.js';
import { invalidFlag } from './errors.js';

/** The options the command line offers a flag for, in the table's order. */
export const FLAG_OPTIONS: readonly OptionName[] = Object.freeze(
  (Object.keys(OPTION_TABLE) as OptionName[]).filter((name) => optionSpec(name).cli !== undefined),
);

/** A row that has a flag. */
function flagged(name: OptionName): OptionSpec & { cli: NonNullable<OptionSpec['cli']> } {
  const spec = optionSpec(name);
  if (spec.cli === undefined) throw new Error(`the option ${name} has no flag in the option table`);
  return spec as OptionSpec & { cli: NonNullable<OptionSpec['cli']> };
}

/**
 * A flag's help: the row's words, then its range and default. A switch's help is whole (the CLI's default may differ
 * from the library's: `--block-private`), and a choice commander lists needs no default either.
 */
function helpOf(spec: ReturnType<typeof flagged>): string {
  const { help } = spec.cli;
  switch (spec.kind) {
    case 'integer':
      return `${help}, ${spec.min}-${spec.max} (default: ${spec.default})`;
    case 'header':
      return `${help} (default: "${spec.default}")`;
    case 'token':
      return `${help} (default: ${spec.default})`;
    case 'choice':
      return spec.cli.choices === true || spec.cli.sets !== undefined
        ? help
        : `${help} (default: ${spec.default.toLowerCase()})`;
    case 'switch':
      return help;
  }
}

/** The commander option of a table row. */
export function tableOption(name: OptionName): Option {
  return rowOption(flagged(name));
}

/**
 * The commander option of a row with a flag, from the analysis table or another room's table of the same shape (the
 * crawl's sitemap limits, src/crawl/crawl-options.ts): its help made from the row as for the analysis options.
 */
export function rowOption(spec: OptionSpec & { cli: NonNullable<OptionSpec['cli']> }): Option {
  const option = new Option(spec.cli.flag, helpOf(spec));
  return spec.kind === 'choice' && spec.cli.choices === true ? option.choices(spec.values) : option;
}

/** The flag a user types for an option (`--max-hops`), so that errors name what the user can fix. */
export function flagOf(name: string): string {
  if (name === 'allowNetworks') return '--allow-network';
  if (name === 'requestHeaders') return '--header';
  if (name === 'requestCookie') return '--request-cookie';
  // The analyzer's settings (AnalyzerConfig), not the table's options.
  if (name === 'resolve') return '--resolve';
  if (name === 'connectTo') return '--connect-to';
  const spec = name in OPTION_TABLE ? optionSpec(name as OptionName) : undefined;
  return spec?.cli?.flag.split(' ')[0] ?? name;
}

/**
 * Parses an integer flag strictly ("10", not "10ms" or "1e3"). Range checks are left to the caller, or to
 * `normalizeOptions` for the table's options, so that the limits live in one place.
 */
export function parseInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = parseDecimalInteger(value.trim());
  if (parsed === undefined) throw invalidFlag(flag, 'must be an integer', JSON.stringify(value));
  return parsed;
}

/**
 * The option value a flag gives, read by its row's kind, or undefined when it was not given. A switch counts only
 * when it turns its option away from the default (commander gives `--no-http2`'s `http2` as true when absent).
 */
export function flagValue(name: OptionName, flags: object): unknown {
  const spec = flagged(name);
  const option = new Option(spec.cli.flag);
  const value = (flags as Record<string, unknown>)[option.attributeName()];
  if (value === undefined) return undefined;
  switch (spec.kind) {
    case 'integer':
      return parseInteger(option.long ?? name, value as string);
    case 'switch':
      return value === !spec.default ? value : undefined;
    case 'choice':
      if (spec.cli.sets !== undefined) return value === true ? spec.cli.sets : undefined;
      return value;
    case 'header':
    case 'token':
      return value;
  }
}
