import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import type { GuardedFetch } from '../core/index.js';
import { browserResponse } from './browser-response.js';

/** What the router needs of one render. */
export interface RouterSettings {
  /** The page being rendered: its top frame's first document request is the page itself. */
  readonly page: Page;
  /** The core's guarded fetch, which performs every request the browser makes. */
  readonly fetch: GuardedFetch;
  /** Called (once) with the URL of the first navigation the page's top frame makes after its own document. */
  readonly onNavigation: (url: string) => void;
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

/** Performs the browser's request with the guarded fetch and answers the browser with what it got, or fails it. */
async function forward(route: Route, fetch: GuardedFetch): Promise<void> {
  const request = route.request();
  let answer: Awaited<ReturnType<typeof browserResponse>>;
  try {
    const response = await fetch({
      url: request.url(),
      method: request.method(),
      headers: await request.allHeaders(),
      body: request.postDataBuffer() ?? undefined,
    });
    answer = await browserResponse(response);
  } catch {
    // Blocked address, timeout, DNS failure...: to the page it is a failed request, nothing more.
    await refuse(route);
    return;
  }
  await route.fulfill(answer).catch(() => {});
}

/**
 * Takes over every request of the context's pages (documents, subresources, fetch and XHR): each is performed by the
 * core's guarded fetch and fulfilled with its answer, so the browser itself never opens a connection. The rendered
 * page's own document goes through; the next navigation of its top frame (a script's `location` change, a form
 * submit, a refresh) is reported and refused, for the core to follow with its own client. Another page's top-level
 * navigation (a popup) is refused.
 */
export async function routeRequests(context: BrowserContext, settings: RouterSettings): Promise<void> {
  let documentRequested = false;
  let navigated = false;
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (isTopDocument(request)) {
      if (request.frame().page() !== settings.page) return refuse(route);
      if (documentRequested) {
        if (!navigated) {
          navigated = true;
          settings.onNavigation(request.url());
        }
        return refuse(route);
      }
      documentRequested = true;
    }
    return forward(route, settings.fetch);
  });
}
