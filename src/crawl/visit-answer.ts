/**
 * What the visits of a page and of a style sheet (src/crawl/page-visit.ts, src/crawl/stylesheet-visit.ts) share of
 * the answer they read: its media type, where its redirects end, a redirect's target admitted to the frontier as
 * the same kind of entry, and a 429 or 503 backed off.
 */
import { admit, type CrawlContext, trapped } from './crawl-context.js';
import type { FrontierEntry, PageRecord } from './crawl-store.js';
import { crawlUrl } from './crawl-url.js';
import { retryAfter } from './host-pacer.js';

/** An entry's first response, and where its redirects end when it was analysed. */
export interface VisitAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly finalUrl?: string;
  readonly finalStatus?: number;
  readonly redirects?: number;
}

export function mediaType(headers: Readonly<Record<string, string>>): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Where the analysis said the entry's redirects end (nothing when it was not analysed: a shared store). */
export function analysedEnds(analysed: VisitAnswer | undefined): Omit<VisitAnswer, 'status' | 'headers'> {
  if (analysed?.finalUrl === undefined) return {};
  return { finalUrl: analysed.finalUrl, finalStatus: analysed.finalStatus, redirects: analysed.redirects };
}

/**
 * Where the entry's redirects end: its analysis's answer, else (a store that does not analyse pages) its own URL
 * and status, or a redirect's first `Location`.
 */
export function ends(response: VisitAnswer, url: string): Pick<PageRecord, 'finalUrl' | 'finalStatus' | 'redirects'> {
  if (response.finalUrl !== undefined) {
    const { finalUrl, finalStatus, redirects } = response;
    return { finalUrl, finalStatus, redirects };
  }
  const { status, headers } = response;
  if (status < 300 || status >= 400) return { finalUrl: url, finalStatus: status, redirects: 0 };
  const location = headers.location === undefined ? undefined : crawlUrl(headers.location, url);
  return { finalUrl: location?.href };
}

/** A redirect's target within the scope, admitted to be read as the entry is (a page, or a style sheet). */
export async function admitRedirect(context: CrawlContext, entry: FrontierEntry, location: string): Promise<void> {
  const target = crawlUrl(location, entry.url);
  if (target === undefined || !context.scope.includes(target) || (await trapped(context, target, entry.depth))) return;
  const kind = entry.kind === 'stylesheet' ? { kind: entry.kind } : {};
  await admit(context, [{ url: target.href, depth: entry.depth, source: 'redirect', referrer: entry.url, ...kind }]);
}

/** A 429 or 503: the host paused until its Retry-After; true when the URL is to be tried again. */
export function backOff(context: CrawlContext, url: string, header: string | undefined): boolean {
  const now = Date.now();
  const until = retryAfter(header, now, 1000);
  const tries = (context.tries.get(url) ?? 0) + 1;
  if (until - now > context.maxRetryAfterMs || tries >= context.maxTries) {
    context.tries.delete(url);
    return false;
  }
  context.tries.set(url, tries);
  context.pacer.pause(new URL(url).host, until);
  return true;
}
