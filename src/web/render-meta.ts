/**
 * How the page learns whether its instance renders pages (HOPLENS_RENDER): `<meta name="hoplens-render"
 * content="on|off">` in index.html, written by the web plugin (src/web/plugin.ts) when it reads the file, since the
 * page's Content-Security-Policy forbids an inline script, and read by the page to show or hide its render controls.
 * Neither DOM nor Node: the plugin and the page both import it.
 */

/** The meta tag's name. */
export const RENDER_META_NAME = 'hoplens-render';

/** The tag as index.html's source holds it (with either value). */
const TAG = /<meta\s+name="hoplens-render"\s+content="[^"]*"\s*\/?>/i;

/** index.html with the tag saying `enabled`: the source's own tag rewritten, or one added at the end of the head. */
export function withRenderMeta(html: string, enabled: boolean): string {
  const tag = `<meta name="${RENDER_META_NAME}" content="${enabled ? 'on' : 'off'}" />`;
  if (TAG.test(html)) return html.replace(TAG, tag);
  return html.replace(/<\/head>/i, `${tag}\n</head>`);
}

/** What the page makes of the tag's content: only `on` allows rendering; no tag, or any other value, is off. */
export function renderAllowed(content: string | null | undefined): boolean {
  return content?.trim().toLowerCase() === 'on';
}
