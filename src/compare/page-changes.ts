/**
 * What changed for one URL the before crawl visited, from its two records: lost, kept out by robots.txt or let in,
 * redirected now, its redirect changed, its status changed, or (a 2xx page both times) its noindex, canonical and
 * title. A URL changes in one way at a time but for the page's own facts, which are compared each.
 */
import type { ChangeKind } from './change-kinds.js';
import { changeMessage } from './change-messages.js';
import type { CrawlChange } from './crawl-change.js';
import { type IndexedPage, ok, reachable, redirects } from './page-index.js';

export interface Inbound {
  readonly before: number;
  readonly after: number;
}

/** A page's answer in words: `200`, `301 → https://…/new (200)`, `TIMEOUT`, `not found by the crawl`. */
export function answerOf(page: IndexedPage | undefined): string {
  if (page === undefined) return 'not found by the crawl';
  if (!page.robotsAllowed) return 'disallowed by robots.txt';
  if (page.status === null) return page.error ?? 'no answer';
  if (!redirects(page)) return String(page.status);
  const final = page.finalStatus === null || page.finalStatus === undefined ? '' : ` (${page.finalStatus})`;
  return `${page.status} → ${page.finalUrl ?? '?'}${final}`;
}

function hops(page: IndexedPage): string {
  const count = page.redirects ?? 0;
  return `${count} redirect${count === 1 ? '' : 's'}`;
}

export function makeChange(
  kind: ChangeKind,
  url: string,
  sides: { before: string | null; after: string | null; related?: string },
  inbound: Inbound,
): CrawlChange {
  const message = changeMessage(kind, { url, ...sides });
  return { kind, url, ...sides, inboundBefore: inbound.before, inboundAfter: inbound.after, message };
}

/** A redirect both times: its status, where it ends, how many hops it takes. */
function redirectChanges(url: string, before: IndexedPage, after: IndexedPage, inbound: Inbound): CrawlChange[] {
  const changes: CrawlChange[] = [];
  if (before.status !== after.status)
    changes.push(makeChange('status_changed', url, { before: answerOf(before), after: answerOf(after) }, inbound));
  if (before.finalUrl !== after.finalUrl) {
    const sides = { before: before.finalUrl, after: after.finalUrl };
    changes.push(makeChange('redirect_target_changed', url, sides, inbound));
  } else if ((after.redirects ?? 0) > (before.redirects ?? 0)) {
    changes.push(makeChange('redirect_chain_grown', url, { before: hops(before), after: hops(after) }, inbound));
  }
  return changes;
}

/** A 2xx page both times: what it says of itself. */
function factChanges(url: string, before: IndexedPage, after: IndexedPage, inbound: Inbound): CrawlChange[] {
  const changes: CrawlChange[] = [];
  if (before.noindex !== after.noindex) {
    const kind = after.noindex ? 'noindex_added' : 'noindex_removed';
    const sides = { before: before.noindex ? 'noindex' : 'indexable', after: after.noindex ? 'noindex' : 'indexable' };
    changes.push(makeChange(kind, url, sides, inbound));
  }
  if (before.canonical !== after.canonical)
    changes.push(makeChange('canonical_changed', url, { before: before.canonical, after: after.canonical }, inbound));
  if (before.title !== after.title)
    changes.push(makeChange('title_changed', url, { before: before.title, after: after.title }, inbound));
  return changes;
}

/** robots.txt's verdict changed: nothing else is known of a page the crawl was kept out of. */
function robotsChange(url: string, before: IndexedPage, after: IndexedPage, inbound: Inbound): CrawlChange[] {
  const sides = { before: answerOf(before), after: answerOf(after) };
  return [makeChange(after.robotsAllowed ? 'robots_allowed' : 'robots_disallowed', url, sides, inbound)];
}

/** The changes of the URL `before` was visited at; `after` is its record in the after crawl, if it has one. */
export function pageChanges(before: IndexedPage, after: IndexedPage | undefined, inbound: Inbound): CrawlChange[] {
  const { url } = before;
  if (after !== undefined && before.robotsAllowed !== after.robotsAllowed)
    return robotsChange(url, before, after, inbound);
  if (!before.robotsAllowed) return [];
  const sides = { before: answerOf(before), after: answerOf(after) };
  if (reachable(before) && !reachable(after)) return [makeChange('page_lost', url, sides, inbound)];
  if (after === undefined) return [];
  if (ok(before.status) && redirects(after)) return [makeChange('redirect_new', url, sides, inbound)];
  if (redirects(before) && redirects(after)) return redirectChanges(url, before, after, inbound);
  if (before.status !== after.status || before.error !== after.error)
    return [makeChange('status_changed', url, sides, inbound)];
  return ok(before.status) ? factChanges(url, before, after, inbound) : [];
}
