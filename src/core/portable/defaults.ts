/**
 * `DEFAULTS` and `LIMITS`, the library's documented views of the option table (docs/library.md): read from it, never
 * written here, so that they cannot drift from what the API, the CLI and the page say.
 */
import {
  type IntegerOptionName,
  OPTION_TABLE,
  type OptionName,
  type OptionValues,
  optionSpec,
} from './option-table.js';

const NAMES = Object.keys(OPTION_TABLE) as OptionName[];

/** Every default of `AnalyzeOptions`, in one place. */
export const DEFAULTS: Readonly<OptionValues & { allowNetworks: readonly string[] }> = Object.freeze({
  ...(Object.fromEntries(NAMES.map((name) => [name, optionSpec(name).default])) as unknown as OptionValues),
  // No network is exempt from the block on non-public addresses unless named.
  allowNetworks: Object.freeze([] as string[]),
});

/** An inclusive range. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** Allowed ranges of the numeric options (inclusive), and the longest User-Agent. */
export const LIMITS: Readonly<Record<IntegerOptionName, Range> & { userAgentLength: number }> = Object.freeze({
  ...(Object.fromEntries(
    NAMES.flatMap((name) => {
      const spec = optionSpec(name);
      return spec.kind === 'integer' ? [[name, Object.freeze({ min: spec.min, max: spec.max })]] : [];
    }),
  ) as Record<IntegerOptionName, Range>),
  userAgentLength: OPTION_TABLE.userAgent.maxLength,
});
