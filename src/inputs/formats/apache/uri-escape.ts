/** The characters httpd's ap_escape_uri leaves as they are in a path (server/gen_test_char.c, T_OS_ESCAPE_PATH). */
const KEPT = /[A-Za-z0-9$\-_.+!*'(),:;@&=/~]/;

/**
 * A path escaped as httpd escapes what it puts in a Location (ap_escape_uri): every byte of the UTF-8 text but the
 * kept characters as `%xx`, in lowercase hex as httpd writes it; `%` itself is escaped too.
 */
export function escapeUriPath(path: string): string {
  let escaped = '';
  for (const character of path) {
    if (KEPT.test(character)) {
      escaped += character;
      continue;
    }
    for (const byte of new TextEncoder().encode(character)) escaped += `%${byte.toString(16).padStart(2, '0')}`;
  }
  return escaped;
}
