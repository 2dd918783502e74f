/** Each change said in one sentence, from its two sides. */
import type { ChangeKind } from './change-kinds.js';
import type { CrawlChange } from './crawl-change.js';

type Sides = Pick<CrawlChange, 'url' | 'before' | 'after' | 'related'>;

const SENTENCES: Readonly<Record<ChangeKind, (change: Sides) => string>> = {
  page_lost: ({ url, before, after }) => `${url} answered ${before} before and ${after} now`,
  noindex_added: ({ url, after }) => `${url} now says noindex (${after})`,
  robots_disallowed: ({ url }) => `robots.txt now disallows ${url}`,
  canonical_changed: ({ url, before, after }) =>
    `The canonical of ${url} was ${before ?? 'none'} and is ${after ?? 'none'} now`,
  redirect_new: ({ url, before, after }) => `${url} answered ${before} before and redirects now (${after})`,
  redirect_chain_grown: ({ url, before, after }) =>
    `${url} took ${before} to its final URL before and takes ${after} now`,
  redirect_target_changed: ({ url, before, after }) => `${url} redirected to ${before} before and to ${after} now`,
  status_changed: ({ url, before, after }) => `${url} answered ${before} before and ${after} now`,
  hreflang_broken: ({ url, related, after }) => `${url} names ${related} as an alternate, which ${after}`,
  link_to_redirect: ({ url, related, after }) =>
    `A link on ${related} points at ${url}, which now redirects (${after})`,
  title_changed: ({ url, before, after }) => `The title of ${url} was "${before ?? ''}" and is "${after ?? ''}" now`,
  noindex_removed: ({ url }) => `${url} no longer says noindex`,
  robots_allowed: ({ url }) => `robots.txt no longer disallows ${url}`,
};

export function changeMessage(kind: ChangeKind, sides: Sides): string {
  return SENTENCES[kind](sides);
}
