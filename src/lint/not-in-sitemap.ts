import { type LintFinding, lintFinding } from './finding.js';
import { edges, nextRule, type RuleGraph } from './rule-graph.js';

/** The pages a sitemap lists, for lookups by full URL and by path (for rules written as paths). */
export interface SitemapPages {
  /** Every `<loc>`, in comparable form. */
  urls: ReadonlySet<string>;
  /** Every `<loc>`'s path and query. */
  paths: ReadonlySet<string>;
}

/** Indexes a sitemap's `<loc>`s with the graph's comparison; a `<loc>` that is not a URL is left out. */
export function sitemapPages(locs: Iterable<string>, key: (url: string) => string): SitemapPages {
  const urls = new Set<string>();
  const paths = new Set<string>();
  for (const loc of locs) {
    let url: URL;
    try {
      url = new URL(loc);
    } catch {
      continue;
    }
    const comparable = new URL(key(url.href));
    urls.add(comparable.href);
    paths.add(comparable.pathname + comparable.search);
  }
  return { urls, paths };
}

/**
 * Redirect rules whose destination the new site's sitemap does not list: the rule points at a page that may not exist.
 * Only a chain's last rule is looked at (the middle of a chain is src/lint/chains.ts's). A target on the rules'
 * own site (`siteOrigin`, where path targets are) is looked up by path, so that a staging base URL matches the
 * production sitemap; a target on another host by its full URL.
 */
export function findNotInSitemap(graph: RuleGraph, pages: SitemapPages, siteOrigin?: string): LintFinding[] {
  return edges(graph).flatMap((rule) => {
    if (nextRule(graph, rule.target) !== undefined) return [];
    const key = graph.key(rule.target);
    const url = new URL(key);
    const listed = url.origin === siteOrigin ? pages.paths.has(url.pathname + url.search) : pages.urls.has(key);
    if (listed) return [];
    return [
      lintFinding('not_in_sitemap', {
        line: rule.line,
        source: graph.display(rule.source),
        target: graph.display(rule.target),
        message: `${graph.display(rule.target)} is not in the new site's sitemap`,
      }),
    ];
  });
}
