import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { parseDecimalInteger } from '../core/index.js';
import { invalidParameter, type ServiceError, serviceError } from './errors.js';

/** The parts of a property's JSON schema the messages are made from. */
interface PropertySchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: readonly string[];
}

/** A querystring schema as TypeBox emits it: an object schema with named properties. */
interface QuerySchema {
  properties: Record<string, unknown>;
  required?: readonly string[];
}

function propertyOf(schema: QuerySchema, name: string): PropertySchema {
  return (schema.properties[name] ?? {}) as PropertySchema;
}

/** Why a value of `property` is wrong, in words made from its schema. */
function requirement(property: PropertySchema, keyword: string): string {
  if (property.type === 'integer') {
    return property.minimum !== undefined && property.maximum !== undefined
      ? `must be an integer from ${property.minimum} to ${property.maximum}`
      : 'must be an integer';
  }
  if (property.type === 'boolean') return 'must be true or false';
  if (property.enum !== undefined) return `must be one of ${property.enum.join(', ')}`;
  switch (keyword) {
    case 'minLength':
      return 'must not be empty';
    case 'maxLength':
      return `must be at most ${property.maxLength} characters`;
    case 'pattern':
      return 'has an invalid format';
    default:
      return 'must be a single string';
  }
}

/** A value as a message shows it: quoted, and cut short when long. */
function quoted(value: unknown): string | undefined {
  return typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : undefined;
}

function invalid(parameter: string, why: string, value?: unknown): ServiceError {
  return invalidParameter(parameter, why, quoted(value));
}

/** The first complaint of a query parameter: given twice, a malformed switch, too long, or a malformed integer. */
function strictComplaint(name: string, property: PropertySchema, value: unknown): ServiceError | undefined {
  if (Array.isArray(value)) return invalidParameter(name, 'must be given once, not repeated', `${value.length} values`);
  // Only the two words: a lenient reading would also take "1", "0" and "".
  if (property.type === 'boolean' && value !== 'true' && value !== 'false') {
    return invalid(name, requirement(property, 'type'), value);
  }
  // The message says how long it was (the length, not the text, which may be long).
  if (typeof value === 'string' && property.maxLength !== undefined && value.length > property.maxLength) {
    return invalidParameter(name, requirement(property, 'maxLength'), `${value.length} characters`);
  }
  if (property.type !== 'integer') return undefined;
  const parsed = typeof value === 'string' ? parseDecimalInteger(value) : undefined;
  // Unsigned digits only, within the range, so that the message can say what was given.
  const inRange =
    parsed !== undefined &&
    !(value as string).startsWith('-') &&
    parsed >= (property.minimum ?? Number.MIN_SAFE_INTEGER) &&
    parsed <= (property.maximum ?? Number.MAX_SAFE_INTEGER);
  return inRange ? undefined : invalid(name, requirement(property, 'type'), value);
}

/** The first complaint about what the schema requires of the whole query: a missing, empty or unknown-word value. */
function schemaComplaint(schema: QuerySchema, query: Record<string, unknown>): ServiceError | undefined {
  for (const name of schema.required ?? []) {
    if (query[name] === undefined) {
      return serviceError('INVALID_PARAMETER', `Parameter "${name}" is required`, { parameter: name });
    }
  }
  for (const [name, value] of Object.entries(query)) {
    const property = propertyOf(schema, name);
    if (property.minLength !== undefined && typeof value === 'string' && value.length < property.minLength) {
      return invalid(name, requirement(property, 'minLength'));
    }
    if (property.enum !== undefined && !property.enum.includes(value as string)) {
      return invalid(name, requirement(property, 'enum'));
    }
  }
  return undefined;
}

/** A parameter's text as the value its schema declares: an integer or a switch as such, any other text as it is. */
function typed(property: PropertySchema, value: string): unknown {
  if (property.type === 'integer') return parseDecimalInteger(value);
  if (property.type === 'boolean') return value === 'true';
  return value;
}

/**
 * A `preValidation` hook that reads the query by its schema, once, for a route whose schema documents and does not
 * validate: a parameter given twice is refused (the parser would make it an array), an integer must be plain decimal
 * digits within its range (a coercing validator would accept `1e3`, ` 10`, `0x10` and `1.0`), a switch `true` or
 * `false`; then required, non-empty and one-of-these parameters. The schema's parameters are then typed in
 * `request.query`; unknown ones are ignored, as query strings conventionally allow.
 */
export function strictQuery(schema: QuerySchema): preValidationAsyncHookHandler {
  // Read once, not for every request.
  const names = Object.keys(schema.properties);
  return async (request: FastifyRequest) => {
    const raw = request.query as Record<string, unknown>;
    const known: Record<string, unknown> = {};
    for (const name of names) {
      const value = raw[name];
      if (value === undefined) continue;
      const complaint = strictComplaint(name, propertyOf(schema, name), value);
      if (complaint !== undefined) throw complaint;
      known[name] = value;
    }
    const complaint = schemaComplaint(schema, known);
    if (complaint !== undefined) throw complaint;
    for (const [name, value] of Object.entries(known)) raw[name] = typed(propertyOf(schema, name), value as string);
  };
}

/** The route option that turns the validator off: {@link strictQuery} reads the query, the schema documents it. */
export const DOCUMENTING_ONLY = () => (data: unknown) => ({ value: data });
