/**
 * The limits that end crawler traps, each with the reason a URL is cut: a calendar whose "next month" never ends, a
 * faceted search whose filters combine without end, a session ID in every link, a relative link that nests a path
 * ever deeper (`/a/b/a/b/a/b/...`). Google's crawler guidance names the same patterns ("infinite spaces",
 * https://developers.google.com/search/docs/crawling-indexing/large-site-managing-crawl-budget).
 */
import type { CutRecord } from './crawl-store.js';

export interface TrapLimits {
  /** Links followed from a start URL or sitemap. */
  readonly maxDepth: number;
  /** Characters of a URL. */
  readonly maxUrlLength: number;
  /** Times one path segment may occur in a URL's path. */
  readonly maxRepeatedSegments: number;
  /** Distinct query strings followed per path (scheme, host and path). */
  readonly maxQueryVariants: number;
}

export const TRAP_DEFAULTS: TrapLimits = Object.freeze({
  maxDepth: 50,
  maxUrlLength: 2048,
  maxRepeatedSegments: 3,
  maxQueryVariants: 50,
});

/** Paths whose query variants are counted; past this, the oldest are forgotten (memory stays flat). */
const TRACKED_PATHS = 20_000;

/** The most times one segment occurs in a path, and that segment. */
function mostRepeated(pathname: string): [string, number] {
  const counts = new Map<string, number>();
  let best: [string, number] = ['', 0];
  for (const segment of pathname.split('/')) {
    if (segment === '') continue;
    const count = (counts.get(segment) ?? 0) + 1;
    counts.set(segment, count);
    if (count > best[1]) best = [segment, count];
  }
  return best;
}

/** Judges each URL about to enter the frontier; keeps a bounded count of query variants per path. */
export class TrapGuard {
  private readonly variants = new Map<string, Set<string>>();

  constructor(private readonly limits: TrapLimits) {}

  /** Why `url` (reached at `depth`) is cut, or undefined when it may be crawled. */
  cut(url: URL, depth: number): CutRecord | undefined {
    const href = url.href;
    const { maxDepth, maxUrlLength, maxRepeatedSegments } = this.limits;
    if (depth > maxDepth) return { url: href, reason: 'max-depth', detail: `deeper than ${maxDepth} links` };
    if (href.length > maxUrlLength) {
      return { url: href, reason: 'url-length', detail: `longer than ${maxUrlLength} characters` };
    }
    const [segment, count] = mostRepeated(url.pathname);
    if (count > maxRepeatedSegments) {
      return { url: href, reason: 'repeated-segments', detail: `"${segment}" ${count} times in the path` };
    }
    return url.search === '' ? undefined : this.queryVariant(url);
  }

  private queryVariant(url: URL): CutRecord | undefined {
    const path = url.origin + url.pathname;
    let seen = this.variants.get(path);
    if (seen === undefined) {
      if (this.variants.size >= TRACKED_PATHS) this.variants.delete(this.variants.keys().next().value as string);
      seen = new Set();
      this.variants.set(path, seen);
    }
    if (seen.has(url.search)) return undefined;
    const max = this.limits.maxQueryVariants;
    if (seen.size >= max) {
      return { url: url.href, reason: 'query-variants', detail: `${path} with more than ${max} query strings` };
    }
    seen.add(url.search);
    return undefined;
  }
}
