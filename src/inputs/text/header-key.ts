/**
 * A header name in comparable form: case, spaces, `_` and `-` do not matter, and camelCase is words (`Old_URL` is
 * `old url`, as `routePrefix` is `route prefix`).
 */
export function headerKey(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}
