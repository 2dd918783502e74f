/** Reading an HTTP `Link` header (RFC 8288 §3): `<URI-Reference>; rel="a b"; other=param, <...>; ...`. */

/** One link-value: the target in angle brackets, then its parameters up to the next link. */
const LINK_VALUE = /<([^>]*)>([^<]*)/g;
/** One parameter: `; name`, `; name=token` or `; name="quoted string"`. */
const PARAMETER = /;\s*([^\s=;,]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^;,\s]*)))?/g;

/**
 * The targets (as written, unresolved) of the links of a `Link` header value whose `rel` includes `relation`
 * (relation types are compared case-insensitively; only a link's first `rel` counts, RFC 8288 §3.3).
 */
export function linkTargets(value: string, relation: string): string[] {
  return linkValues(value, relation).map((link) => link.target);
}

/** One link of a `Link` header: its target as written and its parameters (names lower case, first of each kept). */
export interface LinkValue {
  readonly target: string;
  readonly params: ReadonlyMap<string, string>;
}

/**
 * The links of a `Link` header value whose `rel` includes `relation`, with their parameters (an alternate's
 * `hreflang`, RFC 8288 §3.4.1). As for `rel` (§3.3), only the first occurrence of a parameter counts.
 */
export function linkValues(value: string, relation: string): LinkValue[] {
  const wanted = relation.toLowerCase();
  const links: LinkValue[] = [];
  for (const [, target, rawParams] of value.matchAll(LINK_VALUE)) {
    const params = new Map<string, string>();
    for (const [, name, quoted, token] of rawParams!.matchAll(PARAMETER)) {
      const key = name!.toLowerCase();
      if (!params.has(key)) params.set(key, quoted?.replace(/\\(.)/g, '$1') ?? token ?? '');
    }
    if (params.get('rel')?.toLowerCase().split(/\s+/).includes(wanted)) links.push({ target: target!.trim(), params });
  }
  return links;
}
