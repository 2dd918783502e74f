/**
 * The languages a page says it is in: its `<html lang>` (WHATWG HTML, "the lang and xml:lang attributes") and the
 * `hreflang` of each `<link rel="alternate">` that points at the page itself (Google Search Central, "Tell Google
 * about localized versions of your page": each version lists itself). Only the language subtag is kept (BCP 47:
 * `en-GB` is English), lowercased; `x-default` names no language.
 */
import { comparableUrl, type UrlComparison } from '../portable/comparable-url.js';
import { documentBaseUrl } from './base-url.js';
import type { PageSignals } from './page-signals.js';

/** An alternate's href may differ from the page's URL by a trailing slash and still be the page. */
const SAME_PAGE: UrlComparison = Object.freeze({ ignoreTrailingSlash: true, ignoreQuery: false });

/** The primary language subtag of a language tag, lowercased ('' when there is none). */
function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/, 1)[0]!.toLowerCase();
}

export function pageLanguages(page: PageSignals, pageUrl: string): ReadonlySet<string> {
  const languages = new Set<string>();
  if (page.lang !== undefined) languages.add(primaryLanguage(page.lang));
  const base = documentBaseUrl(page.base, pageUrl);
  const self = comparableUrl(pageUrl, SAME_PAGE);
  for (const link of page.links) {
    if (link.hreflang === undefined || !link.rel.includes('alternate')) continue;
    let href: string;
    try {
      href = new URL(link.href.trim(), base).href;
    } catch {
      continue;
    }
    if (comparableUrl(href, SAME_PAGE) === self) languages.add(primaryLanguage(link.hreflang));
  }
  languages.delete('');
  languages.delete('x');
  return languages;
}
