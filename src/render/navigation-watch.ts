import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext } from 'playwright-core';
import type { RenderOutcome, RenderRequest } from '../core/index.js';
import { watchMemory } from './memory-watch.js';
import type { RenderBounds } from './render-bounds.js';
import { RenderBudget } from './render-budget.js';
import { routeRequests } from './request-router.js';

/**
 * Loads the page in `context` and waits for it to navigate on its own: the first navigation of its top frame from
 * the moment its document arrives until `waitMs` after its load event (or after its load failed, or after
 * `loadTimeout` without one). A bound of the render passed, or a navigation by a method other than GET, ends it as
 * incomplete. Rejects with the signal's reason when `request.signal` aborts first.
 */
export async function watchNavigation(
  context: BrowserContext,
  request: RenderRequest,
  loadTimeout: number,
  bounds: RenderBounds,
): Promise<RenderOutcome> {
  // Ends every timer below once the outcome is known, whichever way.
  const done = new AbortController();
  const signal = request.signal === undefined ? done.signal : AbortSignal.any([done.signal, request.signal]);
  const page = await context.newPage();
  let report: (outcome: RenderOutcome) => void = () => {};
  const ended = new Promise<RenderOutcome>((resolve) => {
    report = resolve;
  });
  const budget = new RenderBudget(bounds, (incomplete) => report({ incomplete }));
  const stopWatching = await watchMemory(context, page, bounds.maxContextMemory, (bytes) =>
    budget.stop({
      reason: 'memory_limit',
      detail: `${Math.round(bytes / 1e6)} MB, more than ${bounds.maxContextMemory / 1e6} MB`,
    }),
  );
  await routeRequests(context, {
    page,
    fetch: request.fetch,
    budget,
    onNavigation: (url, method) =>
      report(
        method.toUpperCase() === 'GET'
          ? { navigatedTo: url }
          : { incomplete: { reason: 'form_post', detail: `a form sent by ${method.toUpperCase()} to ${url}` } },
      ),
  });
  const loaded = new Promise<void>((resolve) => {
    page.once('load', () => resolve());
    // A load that fails (or is interrupted by the navigation being reported) starts the wait as well.
    page.goto(request.url, { waitUntil: 'commit', timeout: loadTimeout }).catch(() => resolve());
  });
  const waited = Promise.race([loaded, delay(loadTimeout, undefined, { signal })])
    .then(() => delay(request.waitMs, undefined, { signal }))
    // Only the request's signal rejects these delays: an abort, never a render that finished.
    .then((): RenderOutcome => ({}));
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(request.signal?.reason);
    if (request.signal?.aborted) abort();
    request.signal?.addEventListener('abort', abort, { once: true, signal: done.signal });
  });
  try {
    return await Promise.race([ended, waited, aborted]);
  } finally {
    done.abort();
    stopWatching();
  }
}
