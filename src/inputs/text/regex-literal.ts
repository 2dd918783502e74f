/** Regex metacharacters; a `.` is left out on purpose: `^/old.html$` matches the literal path `/old.html` too. */
const METACHARACTERS = /[*+?()[\]{}|^$\\]/;

/**
 * The literal text a regular expression matches when it has no metacharacters once its `^`/`$` anchors are taken
 * off and escaped characters (`\.`, `\-`, `\/`) made plain; undefined when it is a real pattern.
 */
export function literalOfRegex(pattern: string): string | undefined {
  let body = pattern;
  if (body.startsWith('^')) body = body.slice(1);
  if (body.endsWith('$') && !body.endsWith('\\$')) body = body.slice(0, -1);
  const plain = body.replace(/\\([.\-/_~:=&%@!,;'"])/g, '$1');
  return METACHARACTERS.test(plain) ? undefined : plain;
}

/** Whether a target refers to what the pattern or a condition captured (`$1`, `%1`) or to a variable (`%{HTTP_HOST}`). */
export function usesCaptures(target: string): boolean {
  return /\$\d|%\d|%\{/.test(target);
}

/** Statuses by the words Apache accepts in their place. */
export const STATUS_WORDS: Readonly<Record<string, number>> = Object.freeze({
  permanent: 301,
  temp: 302,
  seeother: 303,
  gone: 410,
});
