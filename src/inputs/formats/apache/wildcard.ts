/**
 * A wildcard pattern of an `<If>` expression's `-strmatch`, `-strcmatch` and `-fnmatch` as a RegExp, as APR's
 * fnmatch reads it (https://httpd.apache.org/docs/2.4/expr.html#binop): `*` any run of characters, `?` one, `[...]`
 * a class (`[!...]` its complement), `\x` the character x. With `slashes` false (`-fnmatch`) no wildcard matches `/`.
 */
export function wildcardRegex(pattern: string, slashes: boolean, caseless: boolean): RegExp {
  const any = slashes ? '[\\s\\S]' : '[^/]';
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]!;
    if (character === '*') source += `${any}*`;
    else if (character === '?') source += any;
    else if (character === '\\' && index + 1 < pattern.length) source += escaped(pattern[++index]!);
    else if (character === '[' && pattern.indexOf(']', index + 2) !== -1) {
      const end = pattern.indexOf(']', index + 2);
      const body = pattern.slice(index + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      const members = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&');
      source += `[${negated ? '^' : ''}${members}]`;
      index = end;
    } else source += escaped(character);
  }
  return new RegExp(`^${source}$`, caseless ? 'i' : '');
}

function escaped(character: string): string {
  return character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
