import { isJsonObject } from '../../text/json-rules.js';

type JsonValue = unknown;

/**
 * The `has` and `missing` conditions of a vercel.json rule (vercel.com/docs/project-configuration/vercel-json,
 * "has object definition"): each item has a `type` (`host`, `query`, `header`, `cookie`), a `key` (not for `host`)
 * and an optional `value`, a regular expression the whole value must match (any value when absent). A rule applies
 * when every `has` item holds and no `missing` item does.
 *
 * A sample URL carries its host and query, so those are evaluated; a header or cookie only the visitor's request
 * has, so where such a rule's source matches (and its host and query items hold) the sample depends on the request. A `value` that is not a string (Vercel's newer match
 * objects, `{ "eq": … }`) is not evaluated either, nor a rule whose destination uses a name a `has` item defines
 * (a named group of its value, or the key of an item without one), which hoplens does not fill.
 */
export type Conditions =
  | { kind: 'none' }
  /** `decide`: true when the rule applies to the URL, false when not, undefined when only the request can tell. */
  | { kind: 'conditional'; names: string[]; decide: (url: URL) => boolean | undefined };

type Test = (url: URL) => boolean;

/** A value as Vercel matches it: the whole text against the expression (an invalid expression never matches). */
function valueTest(value: JsonValue | undefined): ((text: string) => boolean) | undefined {
  if (value === undefined) return () => true;
  if (typeof value !== 'string') return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${value})$`);
  } catch {
    return () => false;
  }
  return (text) => regex.test(text);
}

/** One item's test on a sample URL, or undefined when only the visitor's request can tell. */
function itemTest(item: JsonValue): Test | undefined {
  if (!isJsonObject(item)) return undefined;
  const matches = valueTest(item.value);
  if (matches === undefined) return undefined;
  if (item.type === 'host') return (url) => matches(url.hostname);
  if (item.type === 'query' && typeof item.key === 'string') {
    const key = item.key;
    // Present (even empty) when the key is in the query; its value compared decoded.
    return (url) => url.searchParams.getAll(key).some((each) => matches(each));
  }
  return undefined;
}

function items(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The names the rule's `has` items define for its destination, as routing-utils' collectHasSegments reads them: the key
 * of an item without a value, the named groups of a value, and `host` for a host item with a value.
 */
export function hasSegments(has: JsonValue): string[] {
  return items(has).flatMap((item) => {
    if (!isJsonObject(item)) return [];
    if (item.value === undefined) return typeof item.key === 'string' ? [item.key] : [];
    if (typeof item.value !== 'string') return [];
    const groups = [...item.value.matchAll(/\(\?<(\w+)>/g)].map((match) => match[1]!);
    return item.type === 'host' ? [...groups, 'host'] : groups;
  });
}

/** Whether the destination uses a name a `has` item defines (routing-utils fills it from the request). */
function usesHasSegment(has: JsonValue, destination: JsonValue): boolean {
  if (typeof destination !== 'string') return false;
  return hasSegments(has).some((name) => new RegExp(`:${name}(?!\\w)`).test(destination));
}

/**
 * The rule's conditions. An item the URL cannot tell (a header, a cookie) leaves the answer open only when every item
 * it can tell holds: a host or query condition that fails passes the rule by on its own.
 */
export function vercelConditions(rule: Readonly<Record<string, JsonValue>>): Conditions {
  const has = items(rule.has);
  const missing = items(rule.missing);
  if (has.length === 0 && missing.length === 0) return { kind: 'none' };
  const names = ['has', 'missing'].filter((key) => items(rule[key]).length > 0);
  const hasTests = has.map(itemTest);
  const missingTests = missing.map(itemTest);
  const open =
    [...hasTests, ...missingTests].some((test) => test === undefined) || usesHasSegment(rule.has, rule.destination);
  const decide = (url: URL): boolean | undefined => {
    if (hasTests.some((test) => test !== undefined && !test(url))) return false;
    if (missingTests.some((test) => test?.(url) === true)) return false;
    return open ? undefined : true;
  };
  return { kind: 'conditional', names, decide };
}
