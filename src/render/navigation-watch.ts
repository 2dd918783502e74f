import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext } from 'playwright-core';
import type { RenderOutcome, RenderRequest } from '../core/index.js';
import { routeRequests } from './request-router.js';

/**
 * Loads the page in `context` and waits for it to navigate on its own: the first navigation of its top frame from
 * the moment its document arrives until `waitMs` after its load event (or after its load failed, or after
 * `loadTimeout` without one). Rejects with the signal's reason when `request.signal` aborts first.
 */
export async function watchNavigation(
  context: BrowserContext,
  request: RenderRequest,
  loadTimeout: number,
): Promise<RenderOutcome> {
  // Ends every timer below once the outcome is known, whichever way.
  const done = new AbortController();
  const signal = request.signal === undefined ? done.signal : AbortSignal.any([done.signal, request.signal]);
  const page = await context.newPage();
  let report: (outcome: RenderOutcome) => void = () => {};
  const navigated = new Promise<RenderOutcome>((resolve) => {
    report = resolve;
  });
  await routeRequests(context, { page, fetch: request.fetch, onNavigation: (url) => report({ navigatedTo: url }) });
  const loaded = new Promise<void>((resolve) => {
    page.once('load', () => resolve());
    // A load that fails (or is interrupted by the navigation being reported) starts the wait as well.
    page.goto(request.url, { waitUntil: 'commit', timeout: loadTimeout }).catch(() => resolve());
  });
  const waited = Promise.race([loaded, delay(loadTimeout, undefined, { signal })])
    .then(() => delay(request.waitMs, undefined, { signal }))
    .then(
      (): RenderOutcome => ({}),
      (): RenderOutcome => ({}),
    );
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(request.signal?.reason);
    if (request.signal?.aborted) abort();
    request.signal?.addEventListener('abort', abort, { once: true, signal: done.signal });
  });
  try {
    return await Promise.race([navigated, waited, aborted]);
  } finally {
    done.abort();
  }
}
