import type { Detector } from './detector.js';

/** `<meta http-equiv="refresh" content="...">` in any attribute order and quoting. */
const META_TAG = /<meta\b[^>]*>/gi;
const HTTP_EQUIV_REFRESH = /\bhttp-equiv\s*=\s*["']?\s*refresh\b/i;
const CONTENT = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** The `content` of the first meta refresh in an HTML head, if any. */
export function findMetaRefresh(html: string): string | undefined {
  // Comments could hide a tag that browsers ignore.
  const visible = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of visible.matchAll(META_TAG)) {
    const tag = match[0];
    if (!HTTP_EQUIV_REFRESH.test(tag)) continue;
    const content = CONTENT.exec(tag);
    return (content?.[1] ?? content?.[2] ?? content?.[3] ?? '').trim();
  }
  return undefined;
}

/** A client-side redirect: a meta refresh in the final page or a Refresh header. Search engines treat them poorly. */
export const metaRefresh: Detector = ({ chain, finalBody }) => {
  const issues = [];
  for (let index = 0; index < chain.length; index++) {
    const refresh = chain[index]!.headers.refresh;
    if (refresh !== undefined) {
      issues.push({
        type: 'meta_refresh' as const,
        severity: 'warning' as const,
        message: `Hop ${index + 1} sends a Refresh header (${refresh}): a client-side redirect`,
        hop: index,
      });
    }
  }
  const content = finalBody === undefined ? undefined : findMetaRefresh(finalBody);
  if (content !== undefined) {
    issues.push({
      type: 'meta_refresh' as const,
      severity: 'warning' as const,
      message: `The final page has a meta refresh (${content}): a client-side redirect`,
      hop: chain.length - 1,
    });
  }
  return issues;
};
