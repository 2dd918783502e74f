import type { Detector } from './detector.js';

const META_TAG = /<meta\b([^>]*)>/gi;
/** One attribute: a name, then an optional value in double, single or no quotes (HTML tokenizer, simplified). */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/** What a browser never reads as markup: comments (an unclosed one runs to the end) and script bodies. */
const HIDDEN = /<!--[\s\S]*?(?:-->|$)|<script\b[\s\S]*?(?:<\/script\s*>|$)/gi;

/** A tag's attributes by lowercase name; the first of a repeated name wins, as in HTML. */
function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!found.has(key)) found.set(key, double ?? single ?? bare ?? '');
  }
  return found;
}

/** The `content` of the first `<meta http-equiv="refresh">` in an HTML head, if any. */
export function findMetaRefresh(html: string): string | undefined {
  const visible = html.replace(HIDDEN, '');
  for (const [, source] of visible.matchAll(META_TAG)) {
    const attrs = attributes(source!);
    if (attrs.get('http-equiv')?.trim().toLowerCase() !== 'refresh') continue;
    return (attrs.get('content') ?? '').trim();
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
