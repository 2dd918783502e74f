import { isJsonObject } from '../../text/json-rules.js';

type JsonValue = unknown;

/**
 * The `has` and `missing` conditions of a vercel.json rule (vercel.com/docs/project-configuration/vercel-json,
 * "has object definition"): each item has a `type` (`host`, `query`, `header`, `cookie`), a `key` (not for `host`)
 * and an optional `value`, a regular expression the whole value must match (any value when absent). A rule applies
 * when every `has` item holds and no `missing` item does.
 *
 * A `has` item also defines names the destination may use as `:name` (the documentation's `value`: a regex-like value
 * "can be used to capture a specific part of the value"; routing-utils' collectHasSegments): a named group of its
 * value, the whole value under the key of an item without one, and `host`, the host a host item's value matched.
 *
 * A sample URL carries its host and query, so those are evaluated and their names filled; a header or cookie only the
 * visitor's request has, so where such a rule's source matches (and its host and query items hold) the sample depends
 * on the request. A `value` that is not a string (Vercel's newer match objects, `{ "eq": … }`) is not evaluated
 * either, nor a destination using a `has` name that is not plain letters and digits (`:utm_source`), whose filling
 * Vercel does not document.
 */

/**
 * What the conditions say of a URL: the names the `has` items define when the rule applies, false when it does not,
 * undefined when only the request can tell.
 */
export type Decision = Readonly<Record<string, string>> | false | undefined;

export type Conditions = { kind: 'none' } | { kind: 'conditional'; names: string[]; decide: (url: URL) => Decision };

/** One item on a sample URL: the names it defines when it holds, false when it does not. */
type Test = (url: URL) => Record<string, string> | false;

/** A value as Vercel matches it, the whole text against the expression (an invalid one never matches): its groups. */
function valueTest(value: JsonValue | undefined): ((text: string) => Record<string, string> | false) | undefined {
  if (value === undefined) return () => ({});
  if (typeof value !== 'string') return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${value})$`);
  } catch {
    return () => false;
  }
  return (text) => {
    const match = regex.exec(text);
    if (match === null) return false;
    // A group that took no part gives nothing.
    return Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, part]) => [name, part ?? '']));
  };
}

/** One item's test on a sample URL, or undefined when only the visitor's request can tell. */
function itemTest(item: JsonValue): Test | undefined {
  if (!isJsonObject(item)) return undefined;
  const matches = valueTest(item.value);
  if (matches === undefined) return undefined;
  const valued = item.value !== undefined;
  if (item.type === 'host') {
    return (url) => {
      const groups = matches(url.hostname);
      return groups && valued ? { ...groups, host: url.hostname } : groups;
    };
  }
  if (item.type === 'query' && typeof item.key === 'string') {
    const key = item.key;
    // Present (even empty) when the key is in the query; its value compared decoded, the first that matches.
    return (url) => {
      for (const each of url.searchParams.getAll(key)) {
        const groups = matches(each);
        if (groups) return valued ? groups : { [key]: each };
      }
      return false;
    };
  }
  return undefined;
}

function items(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The names the rule's `has` items define for its destination, as routing-utils' collectHasSegments reads them: the key
 * of an item without a value, the named groups of a value (or of a match object's `re`), and `host` for a host item
 * with a value.
 */
export function hasSegments(has: JsonValue): string[] {
  return items(has).flatMap((item) => {
    if (!isJsonObject(item)) return [];
    if (item.value === undefined) return typeof item.key === 'string' ? [item.key] : [];
    // A match object's `re` defines its groups too (routing-utils' getStringValueForRegex).
    const regex = isJsonObject(item.value) ? item.value.re : item.value;
    if (typeof regex !== 'string') return [];
    const groups = [...regex.matchAll(/\(\?<(\w+)>/g)].map((match) => match[1]!);
    return item.type === 'host' ? [...groups, 'host'] : groups;
  });
}

/** Whether the destination uses a `has` name whose filling is not documented (one not of letters and digits). */
function usesUnsettledName(has: JsonValue, destination: JsonValue): boolean {
  if (typeof destination !== 'string') return false;
  return hasSegments(has).some(
    (name) => !/^[A-Za-z][A-Za-z0-9]*$/.test(name) && new RegExp(`:${name}(?!\\w)`).test(destination),
  );
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
    [...hasTests, ...missingTests].some((test) => test === undefined) || usesUnsettledName(rule.has, rule.destination);
  const decide = (url: URL): Decision => {
    const defined: Record<string, string> = {};
    for (const test of hasTests) {
      const holds = test?.(url);
      if (holds === false) return false;
      // A later item's name wins, as the items are evaluated in order.
      Object.assign(defined, holds);
    }
    if (missingTests.some((test) => test !== undefined && test(url) !== false)) return false;
    return open ? undefined : defined;
  };
  return { kind: 'conditional', names, decide };
}
