/**
 * The one translator from a schema validator's complaints to words, for every document hoplens validates by a
 * TypeBox schema (a policy file, a monitor body): which key is at fault and the rule it breaks, said the same way
 * everywhere. Each caller only spells the path its own way (`allow[0].from`, `alerts.0.url`).
 */

/** A complaint as TypeBox's `Value.Errors` yields it (ajv's shape). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: object;
  message: string;
}

/** The key at fault, as path segments (`['allow', '0', 'from']`; empty: the document itself), and why. */
export interface SchemaComplaint {
  path: readonly string[];
  why: string;
}

/** `/allow/0/from` → `['allow', '0', 'from']`, JSON Pointer escapes undone. */
function segments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The first name a complaint's params list under `key` (the unknown or the missing property). */
function firstName(params: object, key: string): string[] {
  const names = (params as Record<string, unknown>)[key];
  return Array.isArray(names) && typeof names[0] === 'string' ? [names[0]] : [];
}

/** One complaint in words; `noun` is what the document's keys are called (`key`, `field`). */
function describe(error: SchemaError, noun: string): SchemaComplaint {
  const path = segments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return { path: [...path, ...firstName(params, 'additionalProperties')], why: `is not a known ${noun}` };
    case 'required':
      return { path: [...path, ...firstName(params, 'requiredProperties')], why: 'is required' };
    case 'enum':
      return { path, why: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'type':
      return { path, why: `must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${params.type}` };
    default:
      return { path, why: error.message };
  }
}

/**
 * The first complaint worth naming, in words: a wrong value rather than the "schema is false" (`boolean`) that
 * echoes an unknown key. Undefined when there is none.
 */
export function firstComplaint(errors: Iterable<SchemaError>, noun: string): SchemaComplaint | undefined {
  let fallback: SchemaError | undefined;
  for (const error of errors) {
    if (error.keyword !== 'boolean') return describe(error, noun);
    fallback ??= error;
  }
  return fallback === undefined ? undefined : describe(fallback, noun);
}
