/** A link in a generated page's list: a page, a redirect to one, a chain of two, or a page that does not exist. */
export interface SiteLink {
  href: string;
  text: string;
  kind: 'page' | 'redirect' | 'chain' | 'missing';
}

export const ASSETS: { css: string; logo: string };
export function pagePath(i: number): string;
export function pageIndex(path: string, pages: number): number | undefined;
export function redirectTarget(path: string, pages: number): string | undefined;
export function linksOf(i: number, pages: number): SiteLink[];
export function sitemapBodies(pages: number, origin: string): Map<string, Buffer>;
