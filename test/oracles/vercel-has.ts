/**
 * The oracle's reading of a route's `has` and `missing` (routing-utils copies them from the rule unchanged), as
 * Vercel documents them (vercel.com/docs/project-configuration/vercel-json, "has object definition"; the example at
 * vercel.com/docs/redirects/configuration-redirects): `type` is `host`, `query`, `header` or `cookie`; `key` names the
 * query parameter, header or cookie; `value`, when given, is a regular expression the whole value must match, else
 * any value (present) matches. The route applies when every `has` item holds and no `missing` item does.
 * routing-utils runs no request, so this part is the oracle's own, written from the documentation: the generator
 * writes values (no alternation, no repeated query key) on which any reading of "the value must match" agrees.
 *
 * A `has` item also defines names the destination may use (routing-utils' collectHasSegments writes them into the
 * Location as `$name`): the documentation's "value" entry says a regex-like value "can be used to capture a specific
 * part of the value" (Next.js, whose `has` Vercel's follows, nextjs.org/docs/app/api-reference/config/next-config-js/
 * redirects, "Header, Cookie, and Query Matching": `first-(?<paramName>.*)` on `first-second` makes `:paramName`
 * `second`). So a named group gives its text (nothing when it took no part), an item without a value gives the whole
 * value under its key, and a host item with a value gives `host`, the whole host it matched (routing-utils defines
 * `host` for every such item). Values are the ones compared: the lower-cased hostname, a query value decoded.
 */

interface HasItem {
  type?: string;
  key?: string;
  value?: unknown;
}

/** The names a holding item defines for the destination. */
type Names = Record<string, string>;

/** The value the URL has for an item; undefined for a header or cookie (only the visitor's request has them). */
function actualValue(item: HasItem, url: URL): string | null | undefined {
  if (item.type === 'host') return url.hostname;
  if (item.type === 'query' && item.key !== undefined) return url.searchParams.get(item.key);
  return undefined;
}

/** The names one item defines when it holds, false when it does not, undefined when only the request can tell. */
function itemHolds(item: HasItem, url: URL): Names | false | undefined {
  const actual = actualValue(item, url);
  if (actual === undefined) return undefined;
  if (actual === null) return false;
  if (item.value === undefined) return item.key === undefined ? {} : { [item.key]: actual };
  if (typeof item.value !== 'string') return undefined;
  const match = new RegExp(`^(?:${item.value})$`).exec(actual);
  if (match === null) return false;
  const groups = Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, text]) => [name, text ?? '']));
  return item.type === 'host' ? { ...groups, host: match[0] } : groups;
}

/**
 * The names the route's `has` defines when it applies (in item order, a later item's name winning), false when it
 * does not apply, undefined when only the request can tell.
 */
export function routeConditions(
  has: unknown[] | undefined,
  missing: unknown[] | undefined,
  url: URL,
): Names | false | undefined {
  let unknown = false;
  const names: Names = {};
  for (const item of has ?? []) {
    const holds = itemHolds(item as HasItem, url);
    if (holds === false) return false;
    if (holds === undefined) unknown = true;
    else Object.assign(names, holds);
  }
  for (const item of missing ?? []) {
    const holds = itemHolds(item as HasItem, url);
    if (holds !== false && holds !== undefined) return false;
    if (holds === undefined) unknown = true;
  }
  return unknown ? undefined : names;
}
