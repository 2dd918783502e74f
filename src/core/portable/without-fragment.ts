/** A serialised URL without its fragment: what a server actually sees, and so what loop detection compares. */
export function withoutFragment(href: string): string {
  // Not `url.hash`: it is '' for an empty fragment too, while `href` still ends in '#'. In a serialised URL '#' only
  // ever starts the fragment.
  const start = href.indexOf('#');
  return start === -1 ? href : href.slice(0, start);
}
