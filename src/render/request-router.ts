import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { type GuardedFetch, isHoplensError } from '../core/index.js';
import { type BrowserResponse, browserResponse } from './browser-response.js';
import type { RenderBudget } from './render-budget.js';
import { admit, corsAllows, isInert, type PageRequest } from './request-rules.js';

/** What the router needs of one render. */
export interface RouterSettings {
  /** The page being rendered: its top frame's first document request is the page itself. */
  readonly page: Page;
  /** The core's guarded fetch, which performs every request the browser makes. */
  readonly fetch: GuardedFetch;
  /** The render's bounds and what it has spent; a bound passed stops the render. */
  readonly budget: RenderBudget;
  /**
   * Called (once) with the method and URL of the first navigation the page's top frame makes after its own document.
   * Only a GET one is a hop; any other (a form POST) is never sent.
   */
  readonly onNavigation: (url: string, method: string) => void;
}

/** Whether the request is a document request for a top-level frame (of any page of the context). */
function isTopDocument(request: Request): boolean {
  try {
    return request.isNavigationRequest() && request.frame().parentFrame() === null;
  } catch {
    // A request without a frame (a service worker's): not a navigation of ours.
    return false;
  }
}

/** Fails the browser's request the way a content blocker does; the context may already be closing. */
function refuse(route: Route): Promise<void> {
  return route.abort('blockedbyclient').catch(() => {});
}

/**
 * The browser's request performed with the guarded fetch under the request rules and the render's bounds, or
 * undefined when it is refused or fails (to the page, a failed request, nothing more).
 */
async function perform(
  request: PageRequest,
  fetch: GuardedFetch,
  budget: RenderBudget,
): Promise<BrowserResponse | undefined> {
  const verdict = admit(request);
  if ('refuse' in verdict) return undefined;
  const release = await budget.turn();
  try {
    if (budget.isStopped) return undefined;
    const allowance = budget.responseAllowance;
    const response = await fetch({
      url: request.url,
      method: request.method,
      headers: verdict.send,
      maxBodyBytes: allowance,
    });
    let answer: BrowserResponse;
    try {
      answer = await browserResponse(response, allowance);
    } catch (error) {
      // The bytes a refused response was decoded to were spent all the same.
      if (isHoplensError(error) && error.code === 'RESPONSE_TOO_LARGE') budget.countBytes(allowance);
      return undefined;
    }
    if (!budget.countBytes(answer.body.length)) return undefined;
    // A cross-origin response the origin does not share is failed, as the browser would fail it.
    return corsAllows(request, answer.headers) ? answer : undefined;
  } catch {
    // Blocked address, timeout, DNS failure...
    return undefined;
  } finally {
    release();
  }
}

async function forward(route: Route, fetch: GuardedFetch, budget: RenderBudget): Promise<void> {
  const request = route.request();
  const answer = await perform(
    { url: request.url(), method: request.method(), headers: await request.allHeaders() },
    fetch,
    budget,
  );
  if (answer === undefined) await refuse(route);
  else await route.fulfill(answer).catch(() => {});
}

/**
 * Takes over every request of the context's pages (documents, subresources, fetch and XHR): each is performed by the
 * core's guarded fetch under src/render/request-rules.ts and fulfilled with its answer, so the browser itself never
 * opens a connection. The rendered page's own document goes through; the next navigation of its top frame (a
 * script's `location` change, a form submit, a refresh) is reported and refused, for the core to follow with its own
 * client. Another page's top-level navigation (a popup) is refused. Images, fonts, media and stylesheets are refused
 * unsent (src/render/request-rules.ts, `isInert`). Every request sent counts against the render's bounds.
 */
export async function routeRequests(context: BrowserContext, settings: RouterSettings): Promise<void> {
  const { budget } = settings;
  let documentRequested = false;
  let navigated = false;
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (isTopDocument(request)) {
      if (request.frame().page() !== settings.page) return refuse(route);
      // The page's next navigation is only reported, never sent: it costs nothing, whatever the page spent before.
      if (documentRequested) {
        if (!navigated) {
          navigated = true;
          settings.onNavigation(request.url(), request.method());
        }
        return refuse(route);
      }
      documentRequested = true;
    } else if (isInert(request.resourceType(), request.headers().accept)) {
      // Refused before the budget counts it: it spends nothing of the render's bounds.
      return refuse(route);
    }
    if (!budget.countRequest()) return refuse(route);
    return forward(route, settings.fetch, budget);
  });
}
