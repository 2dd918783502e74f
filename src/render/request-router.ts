import { type GuardedFetch, isHoplensError } from '../core/index.js';
import { type BrowserResponse, browserResponse } from './browser-response.js';
import type { RenderBudget } from './render-budget.js';
import { admit, corsAllows, isInert, type PageRequest } from './request-rules.js';

/** A request the browser paused, as the router sees it (CDP `Fetch.requestPaused`, of any target of the render). */
export interface PausedRequest extends PageRequest {
  /** Chromium's resource type, in lower case (`document`, `script`, `image`...). */
  readonly resourceType: string;
  /** Whether it is the document request of a page's top frame (the rendered page's or a popup's). */
  readonly topDocument: boolean;
  /** Whether it comes from the rendered page itself, not from a popup it opened. */
  readonly ofRenderedPage: boolean;
}

/** What becomes of a paused request: fulfilled with a response, or failed as a content blocker fails it. */
export type RouteDecision = BrowserResponse | undefined;

/** What the router needs of one render. */
export interface RouterSettings {
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

/**
 * The browser's request performed with the guarded fetch under the request rules and the render's bounds, or
 * undefined when it is refused or fails (to the page, a failed request, nothing more).
 */
async function perform(request: PageRequest, fetch: GuardedFetch, budget: RenderBudget): Promise<RouteDecision> {
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
      signal: budget.signal,
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

/**
 * Decides every request of a render's pages (documents, subresources, fetch and XHR, of frames and workers): each is
 * performed by the core's guarded fetch under src/render/request-rules.ts and fulfilled with its answer, so the
 * browser itself never opens a connection. The rendered page's own document goes through; the next navigation of its
 * top frame (a script's `location` change, a form submit, a refresh) is reported and refused, for the core to follow
 * with its own client. Another page's top-level navigation (a popup) is refused. Images, fonts, media and stylesheets
 * are refused unsent (`isInert`). Every request sent counts against the render's bounds.
 */
export class RequestRouter {
  private documentRequested = false;
  private navigated = false;

  constructor(private readonly settings: RouterSettings) {}

  /** The answer to one paused request: a response to fulfill it with, or undefined to fail it. */
  route(request: PausedRequest): Promise<RouteDecision> {
    const { budget } = this.settings;
    if (request.topDocument) {
      if (!request.ofRenderedPage) return Promise.resolve(undefined);
      // The page's next navigation is only reported, never sent: it costs nothing, whatever the page spent before.
      if (this.documentRequested) {
        if (!this.navigated) {
          this.navigated = true;
          this.settings.onNavigation(request.url, request.method);
        }
        return Promise.resolve(undefined);
      }
      this.documentRequested = true;
    } else if (isInert(request.resourceType, headerValue(request.headers, 'accept'))) {
      // Refused before the budget counts it: it spends nothing of the render's bounds.
      return Promise.resolve(undefined);
    }
    if (!budget.countRequest()) return Promise.resolve(undefined);
    return perform(request, this.settings.fetch, budget);
  }
}

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}
