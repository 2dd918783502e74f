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
  const wanted = relation.toLowerCase();
  const targets: string[] = [];
  for (const [, target, params] of value.matchAll(LINK_VALUE)) {
    let rel: string | undefined;
    for (const [, name, quoted, token] of params!.matchAll(PARAMETER)) {
      if (name!.toLowerCase() !== 'rel' || rel !== undefined) continue;
      rel = quoted?.replace(/\\(.)/g, '$1') ?? token ?? '';
    }
    if (rel?.toLowerCase().split(/\s+/).includes(wanted)) targets.push(target!.trim());
  }
  return targets;
}
