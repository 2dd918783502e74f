import { type Static, type TOptional, type TString, Type } from 'typebox';
import {
  API_HEADER_PREFIX,
  API_HEADERS,
  type OPTION_TABLE,
  type OptionSpec,
  optionSpec,
  QUERY_OPTIONS,
  type QueryOptionName,
  REQUEST_HEADER_LIMITS,
} from '../core/index.js';
import { type OptionSchema, optionSchema } from './option-schema.js';

/** Longest URL accepted for analysis, in characters. */
export const MAX_URL_LENGTH = 2048;

/** The option parameters of the query, typed as the table declares them. */
type OptionParameters = { [K in QueryOptionName]: TOptional<OptionSchema<(typeof OPTION_TABLE)[K]>> };

/**
 * One option's parameter: its type, range and default from its row, and its row's description. No default for the
 * User-Agent: an absent one is the core's to fill (the description names it).
 */
function parameterSchema(spec: OptionSpec) {
  return optionSchema(spec, { withDefault: spec.kind !== 'header', description: spec.query });
}

function optionParameters(): OptionParameters {
  const entries = QUERY_OPTIONS.map((name) => [name, Type.Optional(parameterSchema(optionSpec(name)))]);
  return Object.fromEntries(entries) as OptionParameters;
}

/** The allowed request headers' parameters (`header.accept-language`...), each documented with why it is allowed. */
function headerParameters(): Record<`header.${string}`, TOptional<TString>> {
  const entries = API_HEADERS.map((header) => [
    `${API_HEADER_PREFIX}${header.name}`,
    Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: REQUEST_HEADER_LIMITS.valueLength,
        description: `The ${header.display} request header, sent on every hop: ${header.why}`,
      }),
    ),
  ]);
  return Object.fromEntries(entries) as Record<`header.${string}`, TOptional<TString>>;
}

/**
 * The query string of `GET /api/analyze`: `url`, and the option table's query parameters (src/core/portable/
 * option-table.ts). Integers are declared as integers (so the OpenAPI document says what docs/api.md's parameter
 * table says); the service reads the raw query itself (src/service/query-validation.ts), so that only plain digit
 * strings become integers.
 */
export const AnalyzeQuerySchema = Type.Object({
  url: Type.String({
    minLength: 1,
    maxLength: MAX_URL_LENGTH,
    description: `The http or https URL to analyse (at most ${MAX_URL_LENGTH} characters)`,
    examples: ['https://example.com/old-page'],
  }),
  ...optionParameters(),
  ...headerParameters(),
});

/** The validated query. */
export type AnalyzeQuery = Static<typeof AnalyzeQuerySchema>;
