/**
 * Whether a RewriteRule pattern inside an `<If>` section matches, without knowing the DocumentRoot. There the rules
 * are per-directory rules of a section that is no directory, so mod_rewrite strips no directory prefix and the
 * pattern sees the file's whole path on disk (the DocumentRoot, then the request's path): a real httpd 2.4 answered
 * `RewriteRule (.*) /seen?m=$1` in an `<If>` with `m=/var/www/site/old/x` for `/old/x`, in a `.htaccess` and in a
 * virtual host alike (test/oracles/apache.generated.test.ts). That path is absolute: it starts with `/`.
 * https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriterule ("What is matched?")
 */

/** `never`: no path on disk matches; `always`: every one does; `unknown`: it depends on the DocumentRoot. */
export type DiskMatch = 'never' | 'always' | 'unknown';

/** Patterns every absolute path matches (their groups hold the DocumentRoot, so a `$N` of theirs stays unknown). */
const ALWAYS = new Set([
  '',
  '^',
  '$',
  '.',
  '^.',
  '/',
  '^/',
  ...['.*', '.+', '(.*)', '(.+)', '/(.*)', '/.*'].flatMap((body) => [body, `^${body}`, `${body}$`, `^${body}$`]),
]);

/**
 * A first character that cannot be `/` and must be there: a letter, a digit, `_`, `-`, `~`, `%` or an escaped dot,
 * not followed by a quantifier that would make it optional.
 */
const FIRST = /^(?:[A-Za-z0-9_~%-]|\\\.)(?![?*{])/;

/** Whether a pattern anchored at the start (`^`) needs a first character other than `/`: then it never matches. */
function needsOtherFirst(pattern: string): boolean {
  if (!pattern.startsWith('^')) return false;
  const body = pattern.slice(1);
  if (!body.startsWith('(')) return !pattern.includes('|') && FIRST.test(body);
  const group = /^\((?:\?:)?([^()]*)\)(?![?*{])/.exec(body);
  if (group === null || body.slice(group[0].length).includes('|')) return false;
  return group[1]!.split('|').every((branch) => FIRST.test(branch));
}

/** How a pattern (its `!` removed) matches a path on disk whose DocumentRoot hoplens does not know. */
export function diskMatch(pattern: string, negated: boolean): DiskMatch {
  const found: DiskMatch = ALWAYS.has(pattern) ? 'always' : needsOtherFirst(pattern) ? 'never' : 'unknown';
  if (!negated || found === 'unknown') return found;
  return found === 'always' ? 'never' : 'always';
}
