/** What `hoplens compare` finds: each change with its two sides, and the comparison's figures. */
import type { ChangeKind } from './change-kinds.js';

export interface CrawlChange {
  readonly kind: ChangeKind;
  /** The URL that changed (for `link_to_redirect`, the linked URL; for `hreflang_broken`, the page naming it). */
  readonly url: string;
  /** The value before and after, as text (a status, `301 → https://…`, a title, a canonical); null for none. */
  readonly before: string | null;
  readonly after: string | null;
  /** The other URL of the change: the page a link is on, the alternate of a pair. */
  readonly related?: string;
  /** Links to `url` from the crawl's other pages, before and after: a lost page still linked hurts most. */
  readonly inboundBefore: number;
  readonly inboundAfter: number;
  /** One sentence. */
  readonly message: string;
}

export interface CompareSummary {
  readonly before: string;
  readonly after: string;
  /** Pages each crawl visited (sitemaps left out). */
  readonly pagesBefore: number;
  readonly pagesAfter: number;
  /** Pages of the after crawl the before crawl did not visit: new pages, not changes. */
  readonly pagesNew: number;
  readonly changes: number;
  /** Changes per kind, every kind present (0 when none). */
  readonly byKind: Readonly<Record<ChangeKind, number>>;
}

export interface Comparison {
  readonly summary: CompareSummary;
  /** Ranked: by kind (CHANGE_KINDS's order), then the most linked first, then by URL. */
  readonly changes: readonly CrawlChange[];
}
