import { type TBoolean, type TEnum, type TInteger, type TString, Type } from 'typebox';
import type { OptionSpec } from '../core/index.js';

/**
 * One analysis option's schema, derived from its row of the option table (src/core/portable/option-table.ts): its
 * type and range always, its default and a description where the schema that uses it says them. The API's query
 * (src/schemas/analyze-query.ts) and a monitor's options (src/schemas/monitor-options.ts) are both made of these.
 */

/** The schema of one option, by its kind in the option table. */
export type OptionSchema<S> = S extends { kind: 'choice'; values: readonly (infer T extends string)[] }
  ? TEnum<T[]>
  : S extends { kind: 'integer' }
    ? TInteger
    : S extends { kind: 'switch' }
      ? TBoolean
      : TString;

/** What a schema says of an option beyond its type and range. */
export interface OptionAnnotations {
  /** The row's default is declared (a response's serialiser writes it for an absent value). */
  withDefault?: boolean;
  description?: string | undefined;
}

/** The option's schema: the type and range of its row, with the annotations asked for. */
export function optionSchema(spec: OptionSpec, annotations: OptionAnnotations = {}) {
  const notes = {
    ...(annotations.withDefault === true ? { default: spec.default } : {}),
    ...(annotations.description === undefined ? {} : { description: annotations.description }),
  };
  switch (spec.kind) {
    case 'integer':
      return Type.Integer({ minimum: spec.min, maximum: spec.max, ...notes });
    case 'choice':
      return Type.Enum([...spec.values], notes);
    case 'switch':
      return Type.Boolean(notes);
    case 'header':
    case 'token':
      // The characters are the core's to check (checkUserAgent, checkCrawler), whose messages say what is allowed.
      return Type.String({ minLength: 1, maxLength: spec.maxLength, ...notes });
  }
}
