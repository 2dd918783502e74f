/** Finding the `<meta http-equiv="refresh">` of a page's first bytes (tags read by src/core/html/tags.ts). */
import { findTags, visibleMarkup } from './tags.js';

/** The `content` of the first `<meta http-equiv="refresh">` in an HTML head, if any. */
export function findMetaRefresh(html: string): string | undefined {
  for (const attrs of findTags(visibleMarkup(html), 'meta')) {
    if (attrs.get('http-equiv')?.trim().toLowerCase() !== 'refresh') continue;
    return (attrs.get('content') ?? '').trim();
  }
  return undefined;
}
