/**
 * Reading the links HTML keeps inside values, where more than one room needs it: the site crawl reads them in pages,
 * the files crawl in HTML files (and rewrites them at their ranges). Pure text parsers: no reader of inputs loaded.
 */
export { type CssUrl, cssUrls } from './css-urls.js';
export { jsonLdUrls } from './json-ld-urls.js';
export type { LocatedUrl } from './located-url.js';
export { srcsetUrls } from './srcset.js';
