/**
 * A glob as `--include`/`--exclude` take it, as a regular expression over a path with forward slashes: `**` any
 * number of directories, `*` any run within one name, `?` one character. A pattern without a slash matches a name at
 * any depth (`*.mdx`), as .gitignore reads one.
 */
export function globPattern(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '*' && glob[i + 1] === '*') {
      source += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const anchored = glob.includes('/') ? `^${source.replace(/^\\?\.\//, '')}$` : `(?:^|/)${source}$`;
  return new RegExp(anchored);
}
