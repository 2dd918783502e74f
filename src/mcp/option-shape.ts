import { z } from 'zod';
import { OPTION_TABLE, type OptionName, type OptionSpec, optionSpec } from '../core/index.js';

/**
 * The analysis options as a tool's input schema, derived from the option table (src/core/portable/option-table.ts)
 * as src/schemas/option-schema.ts derives the API's: each row's type, range, values and description. The address
 * policy is left out: it is the server's, fixed when it was started, not a caller's to choose.
 */

/** The options a tool call may set: every row but the address policy. */
const CALL_OPTIONS = (Object.keys(OPTION_TABLE) as OptionName[]).filter((name) => name !== 'blockPrivate');

/** One row's schema, by its kind. */
function optionZod(spec: OptionSpec): z.ZodType {
  switch (spec.kind) {
    case 'integer':
      return z.number().int().min(spec.min).max(spec.max);
    case 'choice':
      return z.enum(spec.values as [string, ...string[]]);
    case 'switch':
      return z.boolean();
    case 'header':
    case 'token':
      // The characters are the core's to check (checkUserAgent, checkCrawler), whose messages say what is allowed.
      return z.string().min(1).max(spec.maxLength);
  }
}

/** What the row says it does: the API's description, else the command line's help. */
function described(spec: OptionSpec): string {
  const text = spec.query ?? spec.cli?.help ?? '';
  return `${text} (default: ${JSON.stringify(spec.default)})`;
}

/** The options' input shape: each optional, described. */
export function optionShape(): Record<string, z.ZodType> {
  return Object.fromEntries(
    CALL_OPTIONS.map((name) => {
      const spec = optionSpec(name);
      return [name, optionZod(spec).optional().describe(described(spec))];
    }),
  );
}

/** The options a call gave, as the core takes them (unset ones left to the core's defaults). */
export function callOptions(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(CALL_OPTIONS.flatMap((name) => (args[name] === undefined ? [] : [[name, args[name]]])));
}
