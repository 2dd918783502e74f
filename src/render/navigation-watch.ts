import { setTimeout as delay } from 'node:timers/promises';
import type { RenderOutcome, RenderRequest } from '../core/index.js';
import type { CdpBrowser } from './cdp-browser.js';
import { IsolatedContext } from './isolated-context.js';
import { watchMemory } from './memory-watch.js';
import type { RenderBounds } from './render-bounds.js';
import { RenderBudget } from './render-budget.js';
import { RequestRouter } from './request-router.js';

/**
 * Loads the page in a context of its own and waits for it to navigate on its own: the first navigation of its top
 * frame from the moment its document arrives until `waitMs` after its load event (or after its load failed, or after
 * `loadTimeout` without one). A bound of the render passed, a navigation by a method other than GET, or the page's
 * renderer crashing ends it as incomplete. Rejects with the signal's reason when `request.signal` aborts first. The context is closed on the way
 * out, whichever way.
 */
export async function watchNavigation(
  browser: CdpBrowser,
  request: RenderRequest,
  loadTimeout: number,
  bounds: RenderBounds,
): Promise<RenderOutcome> {
  // Ends every timer below once the outcome is known, whichever way.
  const done = new AbortController();
  const signal = request.signal === undefined ? done.signal : AbortSignal.any([done.signal, request.signal]);
  const { ended, report } = outcomeLatch();
  const budget = new RenderBudget(bounds, (incomplete) => report({ incomplete }));
  const router = routerFor(request, budget, report);
  let onLoad: () => void = () => {};
  const loadedEvent = new Promise<void>((resolve) => {
    onLoad = resolve;
  });
  const context = await IsolatedContext.open(browser, request.userAgent, {
    onRequest: (paused) => router.route(paused),
    onLoad: () => onLoad(),
    onCrash: () => report({ incomplete: { reason: 'crashed', detail: 'Chromium sent Inspector.targetCrashed' } }),
  });
  const stopWatching = watchContextMemory(browser, context, bounds, budget);
  // A load that fails (or is interrupted by the navigation being reported) starts the wait as well; a command that
  // failed is logged, and the wait starts too.
  const loaded = Promise.race([
    loadedEvent,
    context
      .navigate(request.url, loadTimeout)
      .then((failed) => (failed === undefined ? loadedEvent : undefined), browser.errors.reporting('loading the page')),
  ]);
  const waited = Promise.race([loaded, delay(loadTimeout, undefined, { signal })])
    .then(() => delay(request.waitMs, undefined, { signal }))
    // Only the request's signal rejects these delays: an abort, never a render that finished.
    .then((): RenderOutcome => ({}));
  try {
    return await Promise.race([ended, waited, abortedBy(request.signal, done.signal)]);
  } finally {
    done.abort();
    stopWatching();
    await context.close();
  }
}

/** The render's outcome, settled by the first `report` (a navigation, a bound passed, a crash). */
function outcomeLatch(): { ended: Promise<RenderOutcome>; report: (outcome: RenderOutcome) => void } {
  let report: (outcome: RenderOutcome) => void = () => {};
  const ended = new Promise<RenderOutcome>((resolve) => {
    report = resolve;
  });
  return { ended, report };
}

/** The router of the page's requests: a navigation by GET is the outcome, by another method an incomplete one. */
function routerFor(request: RenderRequest, budget: RenderBudget, report: (outcome: RenderOutcome) => void) {
  return new RequestRouter({
    fetch: request.fetch,
    budget,
    onNavigation: (url, method) =>
      report(
        method.toUpperCase() === 'GET'
          ? { navigatedTo: url }
          : { incomplete: { reason: 'form_post', detail: `a form sent by ${method.toUpperCase()} to ${url}` } },
      ),
  });
}

/** Stops the render past the memory bound, read over every target of the context; answers the stop of the watch. */
function watchContextMemory(
  browser: CdpBrowser,
  context: IsolatedContext,
  bounds: RenderBounds,
  budget: RenderBudget,
): () => void {
  return watchMemory(
    () => context.memory(),
    bounds.maxContextMemory,
    (bytes) =>
      budget.stop({
        reason: 'memory_limit',
        detail: `${Math.round(bytes / 1e6)} MB, more than ${bounds.maxContextMemory / 1e6} MB`,
      }),
    browser.errors.reporting("reading the page's memory"),
  );
}

/** Rejects with the signal's reason when it aborts (never, without a signal), until `done` aborts. */
function abortedBy(requestSignal: AbortSignal | undefined, done: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    const abort = () => reject(requestSignal?.reason);
    if (requestSignal?.aborted) abort();
    requestSignal?.addEventListener('abort', abort, { once: true, signal: done });
  });
}
