/** Sections read through, as src/inputs/formats/apache/read.ts reads them; a redirect inside any other is conditional. */
export const TRANSPARENT: ReadonlySet<string> = new Set([
  'ifmodule',
  'ifdefine',
  'ifversion',
  'ifdirective',
  'iffile',
  'virtualhost',
  'directory',
]);

/**
 * Whether rules nested in these sections (outermost first) are in per-directory context: in a `.htaccess` or a
 * `<Directory>`, not a virtual host's, as the innermost of them decides. A loop rather than `findLast`, which the
 * page's browser-side build (ES2022 library) does not offer.
 */
export function perDirectory(sections: readonly string[]): boolean {
  for (let index = sections.length - 1; index >= 0; index--) {
    const section = sections[index] ?? '';
    if (section === 'virtualhost') return false;
    if (section.startsWith('directory')) return true;
  }
  return true;
}
