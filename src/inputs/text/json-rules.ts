import { malformedInput } from '../errors.js';
import type { InputItem } from '../row.js';
import { arrayElementOffsets } from './json-positions.js';
import { lineFinder } from './text-lines.js';

/** One element of a JSON array of rules, with the line its value starts on. */
export interface JsonEntry {
  line: number;
  value: unknown;
}

/** A JSON object, as read from a rules file. */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a JSON rules file and returns the elements of its rules array (the top-level array when `key` is
 * undefined, else the array under `key`), each with its line. Not JSON, or no such array, stops the input.
 */
export function jsonEntries(text: string, what: string, key?: string): JsonEntry[] {
  return jsonEntriesOf(text, parseJson(text, what), what, key);
}

/** `text` parsed as JSON; not JSON stops the input, naming `what`. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw malformedInput(`${what} is not valid JSON: ${(error as Error).message}`);
  }
}

/** {@link jsonEntries} of a file already parsed (`parsed` is `text` parsed), for a reader that needs more of it. */
export function jsonEntriesOf(text: string, parsed: unknown, what: string, key?: string): JsonEntry[] {
  const array = key === undefined ? parsed : isJsonObject(parsed) ? parsed[key] : undefined;
  if (key !== undefined && isJsonObject(parsed) && array === undefined) return [];
  if (!Array.isArray(array)) {
    throw malformedInput(key === undefined ? `${what} must be a JSON array` : `${what}: "${key}" must be an array`);
  }
  const offsets = arrayElementOffsets(text, key);
  const lineOf = lineFinder(text);
  return array.map((value, index) => ({ line: offsets[index] === undefined ? 1 : lineOf(offsets[index]), value }));
}

/** The item of an array element that is not an object. */
export function notAnObject(entry: JsonEntry): InputItem {
  return { kind: 'invalid', line: entry.line, message: 'a rule must be a JSON object' };
}

/** A short text for a skipped JSON rule: its source and target. */
export function ruleText(source: unknown, target: unknown): string {
  return `${String(source)} → ${String(target)}`;
}
