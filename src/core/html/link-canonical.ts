/** The canonical link of a page's first bytes (tags read by src/core/html/tags.ts). */
import { findTags, visibleMarkup } from './tags.js';

/** A canonical link as written: its `href`, and the document's `<base href>` when it has one. */
export interface CanonicalLink {
  readonly href: string;
  readonly base?: string;
}

/**
 * The first `<link>` whose `rel` tokens include `canonical` and that has an `href`. `rel` is a space-separated,
 * case-insensitive list (HTML §4.6.7), so `rel="Canonical alternate"` counts.
 */
export function findCanonicalLink(html: string): CanonicalLink | undefined {
  const markup = visibleMarkup(html);
  for (const attrs of findTags(markup, 'link')) {
    const rel = attrs.get('rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attrs.get('href')?.trim();
    if (!rel.includes('canonical') || href === undefined || href === '') continue;
    const base = findTags(markup, 'base')
      .find((tag) => tag.has('href'))
      ?.get('href')
      ?.trim();
    return base === undefined ? { href } : { href, base };
  }
  return undefined;
}
