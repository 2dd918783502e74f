/**
 * A destination's query as @vercel/routing-utils writes it when it formats the destination again (replaceSegments,
 * when the destination may name a parameter): the query is parsed into keys and values (`+` is a space, escapes
 * decoded, empty pairs dropped, a key's values gathered under its first place) and written back with each key and
 * value escaped as encodeURIComponent escapes them (`a b` is `a%20b`, a second `?` is `%3F`, `k` is `k=`). The
 * parameters the source defines (`:slug`, `:path*`) and `$1` stay as placeholders, filled from the request later,
 * and an empty query is dropped.
 */

function decoded(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // routing-utils decodes leniently (querystring.unescape): a malformed escape is kept as written.
    return spaced;
  }
}

/** Escapes the text around the placeholders, which stay as written. */
function escaped(text: string, names: ReadonlySet<string>): string {
  return text
    .split(/(:[A-Za-z_]\w*[*+]?|\$\d)/)
    .map((part, index) => {
      const placeholder = index % 2 === 1 && (part.startsWith('$') || names.has(part.slice(1).replace(/[*+]$/, '')));
      return placeholder ? part : encodeURIComponent(part);
    })
    .join('');
}

/** The query (without its `?`) parsed and written again, or '' when it has no pair. */
function reformatted(query: string, names: ReadonlySet<string>): string {
  const values = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = decoded(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decoded(pair.slice(at + 1));
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return [...values]
    .flatMap(([key, all]) => all.map((value) => `${escaped(key, names)}=${escaped(value, names)}`))
    .join('&');
}

/** The destination with its query written as routing-utils formats it; `names` are the source's parameters. */
export function formattedQuery(destination: string, names: ReadonlySet<string>): string {
  const hashAt = destination.indexOf('#');
  const beforeHash = hashAt < 0 ? destination : destination.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : destination.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return destination;
  const query = reformatted(beforeHash.slice(queryAt + 1), names);
  return `${beforeHash.slice(0, queryAt)}${query === '' ? '' : `?${query}`}${hash}`;
}
