import type { FastifyRequest, FastifySchemaValidationError, preValidationAsyncHookHandler } from 'fastify';
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

/**
 * A `preValidation` hook that holds the raw query to stricter rules than the validator's coercion would: a
 * parameter given twice is refused (the parser would make it an array), and an integer must be plain decimal digits
 * (coercion would accept `1e3`, ` 10`, `0x10` and `1.0`). Only the schema's own parameters are checked; unknown ones
 * are ignored, as query strings conventionally allow.
 */
export function strictQuery(schema: QuerySchema): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const name of Object.keys(schema.properties)) {
      const value = query[name];
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        throw invalidParameter(name, 'must be given once, not repeated', `${value.length} values`);
      }
      const property = propertyOf(schema, name);
      // Only the two words: the validator's coercion would also take "1", "0" and "".
      if (property.type === 'boolean' && value !== 'true' && value !== 'false') {
        throw invalid(name, requirement(property, 'type'), value);
      }
      // Checked here rather than left to the validator, whose complaint does not carry the value: the message says
      // how long it was (the length, not the text, which may be long).
      if (typeof value === 'string' && property.maxLength !== undefined && value.length > property.maxLength) {
        throw invalidParameter(name, requirement(property, 'maxLength'), `${value.length} characters`);
      }
      if (property.type !== 'integer') continue;
      const parsed = typeof value === 'string' ? parseDecimalInteger(value) : undefined;
      // Unsigned digits only; the range is checked here too, so that the message can say what was given.
      const inRange =
        parsed !== undefined &&
        !(value as string).startsWith('-') &&
        parsed >= (property.minimum ?? Number.MIN_SAFE_INTEGER) &&
        parsed <= (property.maximum ?? Number.MAX_SAFE_INTEGER);
      if (!inRange) throw invalid(name, requirement(property, 'type'), value);
    }
  };
}

/**
 * A `schemaErrorFormatter` that turns the validator's first complaint into an `INVALID_PARAMETER` naming the
 * parameter and saying why, in the service's own words rather than ajv's.
 */
export function queryErrorFormatter(schema: QuerySchema) {
  return (errors: FastifySchemaValidationError[]): Error => {
    const first = errors[0];
    if (first === undefined) return serviceError('INVALID_PARAMETER', 'Invalid query string');
    const missing = first.keyword === 'required' ? String(first.params.missingProperty ?? '') : '';
    if (missing !== '') {
      return serviceError('INVALID_PARAMETER', `Parameter "${missing}" is required`, { parameter: missing });
    }
    const name = first.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    if (name === '') return serviceError('INVALID_PARAMETER', `Invalid query string: ${first.message ?? 'rejected'}`);
    return invalid(name, requirement(propertyOf(schema, name), first.keyword));
  };
}
