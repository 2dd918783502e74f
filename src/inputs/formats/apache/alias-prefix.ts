// Apart from the matcher (alias-match.ts), so that the rows reader, which the page loads, does not load the regex engines.
/**
 * How many characters of `path` mod_alias's prefix `fake` matches, or undefined: a `/` in the prefix matches any run
 * of slashes in the path (`/old//page` is under `Redirect /old/page`), other characters themselves, and the match
 * must end at a segment's end unless the prefix ends in `/` (`Redirect /dir/` does not match `/dir`, `/one` does not
 * match `/onetwo`). The count may pass the prefix's length over doubled slashes. As httpd's modules/mappers/mod_alias.c
 * (alias_matches) reads it.
 */
export function aliasMatches(path: string, fake: string): number | undefined {
  let at = 0;
  let of = 0;
  while (of < fake.length) {
    if (fake[of] === '/') {
      if (path[at] !== '/') return undefined;
      while (fake[of] === '/') of++;
      while (path[at] === '/') at++;
    } else if (path[at++] !== fake[of++]) return undefined;
  }
  if (!fake.endsWith('/') && at < path.length && path[at] !== '/') return undefined;
  return at;
}
