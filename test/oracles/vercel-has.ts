/**
 * The oracle's reading of a route's `has` and `missing` (routing-utils copies them from the rule unchanged), as
 * Vercel documents them (vercel.com/docs/project-configuration/vercel-json, "has object definition"; the example at
 * vercel.com/docs/redirects/configuration-redirects): `type` is `host`, `query`, `header` or `cookie`; `key` names the
 * query parameter, header or cookie; `value`, when given, is a regular expression the whole value must match, else
 * any value (present) matches. The route applies when every `has` item holds and no `missing` item does.
 * routing-utils runs no request, so this part is the oracle's own, written from the documentation: the generator
 * writes values (no alternation, no repeated query key) on which any reading of "the value must match" agrees.
 */

interface HasItem {
  type?: string;
  key?: string;
  value?: unknown;
}

/** Whether one item holds for the URL; undefined for a header or cookie (only the visitor's request has them). */
function itemHolds(item: HasItem, url: URL): boolean | undefined {
  let actual: string | null;
  if (item.type === 'host') actual = url.hostname;
  else if (item.type === 'query' && item.key !== undefined) actual = url.searchParams.get(item.key);
  else return undefined;
  if (actual === null) return false;
  if (item.value === undefined) return true;
  if (typeof item.value !== 'string') return undefined;
  const whole = new RegExp(`^(?:${item.value})$`);
  return whole.test(actual);
}

/** true when the route applies, false when it does not, undefined when only the request can tell. */
export function routeConditions(
  has: unknown[] | undefined,
  missing: unknown[] | undefined,
  url: URL,
): boolean | undefined {
  let unknown = false;
  for (const item of has ?? []) {
    const holds = itemHolds(item as HasItem, url);
    if (holds === false) return false;
    if (holds === undefined) unknown = true;
  }
  for (const item of missing ?? []) {
    const holds = itemHolds(item as HasItem, url);
    if (holds === true) return false;
    if (holds === undefined) unknown = true;
  }
  return unknown ? undefined : true;
}
