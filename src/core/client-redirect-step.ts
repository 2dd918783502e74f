import { type ClientRedirect, type DeclaredRefresh, declaredRefresh, refreshGoingTo } from './client-redirect.js';
import { isHoplensError } from './errors.js';
import { createGuardedFetch } from './guarded-fetch.js';
import type { HopResponse } from './hop/index.js';
import type { PageSignals } from './html/page-signals.js';
import type { NormalizedOptions } from './options.js';
import type { RenderIncomplete, RenderOutcome } from './page-renderer.js';
import { withoutFragment } from './portable/without-fragment.js';
import type { TraceContext } from './trace-context.js';
import type { Hop } from './types.js';

/** A client redirect a page declares, with the URL the chain would go on to. */
export interface ClientRedirectStep {
  redirect: ClientRedirect;
  target: URL;
}

/** A render of hop `hop` that was asked for and did not finish: the chain ends there, saying why. */
export interface RenderCutShort {
  renderIncomplete: RenderIncomplete & { readonly hop: number };
}

/**
 * The client redirect a page declares, if any: followed (and marked on its hop) when the page is a 2xx and client
 * redirects are followed; only recorded otherwise (an error page's refresh, or `clientRedirects: 'report'`).
 */
function refreshOf(
  response: HopResponse,
  page: PageSignals | undefined,
  url: URL,
  index: number,
  options: NormalizedOptions,
): ClientRedirectStep | undefined {
  const declared = declaredRefresh(url, response.refresh, page);
  if (declared === undefined) return undefined;
  const followed = options.clientRedirects === 'follow' && response.hop.status >= 200 && response.hop.status < 300;
  return refreshStep(response, declared, index, followed);
}

/** The step a refresh makes, marked on its hop when it is followed. */
function refreshStep(
  response: HopResponse,
  declared: DeclaredRefresh,
  index: number,
  followed: boolean,
): ClientRedirectStep {
  const { hop } = response;
  if (followed) {
    // Google reads a 0-second refresh as a permanent redirect and a delayed one as temporary.
    hop.redirectType = declared.delay === 0 ? 'permanent' : 'temporary';
    hop.redirectVia = declared.via;
    hop.refreshDelay = declared.delay;
  }
  const redirect = { hop: index, via: declared.via, delay: declared.delay, target: declared.target.href, followed };
  return { redirect, target: declared.target };
}

/**
 * With `render`, the navigation a 2xx HTML page makes on its own in the browser within `renderWait`: a hop by
 * JavaScript, followed like any other. The browser's every request goes through the core's guarded fetch.
 */
async function renderedNavigation(
  response: HopResponse,
  page: PageSignals | undefined,
  url: URL,
  index: number,
  options: NormalizedOptions,
  context: TraceContext,
): Promise<ClientRedirectStep | RenderCutShort | undefined> {
  const { hop } = response;
  const renderer = context.renderer;
  if (!options.render || renderer === undefined || hop.status < 200 || hop.status > 299) return undefined;
  if (response.body === undefined) return undefined;
  // Bounded whatever the page does, waiting for a render slot included: its requests by the hop timeout, the whole
  // rendering by that and the wait (the renderer answers within a second of this signal).
  const bound = AbortSignal.timeout(options.timeout + options.renderWait);
  const signal = context.signal === undefined ? bound : AbortSignal.any([bound, context.signal]);
  const dispatcher = context.renderPool?.() ?? context.dispatcher;
  const fetch = createGuardedFetch({ dispatcher, timeout: options.timeout, signal });
  let rendered: RenderOutcome;
  try {
    rendered = await renderer.render({
      url: url.href,
      userAgent: options.userAgent,
      waitMs: options.renderWait,
      fetch,
      signal,
    });
  } finally {
    // The render's own pool goes with it, connections and pinned names (never the analysis's shared pool).
    if (dispatcher !== context.dispatcher) dispatcher.destroy().catch(() => {});
  }
  if (rendered.incomplete !== undefined) return { renderIncomplete: { ...rendered.incomplete, hop: index } };
  if (rendered.navigatedTo === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(rendered.navigatedTo, url);
  } catch {
    return undefined;
  }
  if (withoutFragment(target.href) === withoutFragment(url.href)) return undefined;
  // The browser went where one of the page's refreshes sends it: that refresh is the redirect, with its permanence.
  const refresh = refreshGoingTo(url, response.refresh, page, target);
  if (refresh !== undefined) return refreshStep(response, refresh, index, true);
  // A script's navigation declares no permanence; Google may or may not see it, so it is read as temporary.
  hop.redirectType = 'temporary';
  hop.redirectVia = 'javascript';
  return { redirect: { hop: index, via: 'javascript', delay: 0, target: target.href, followed: true }, target };
}

/**
 * The client redirect of a page that is not a 3xx (`page`: what its HTML declares, when it was read). With `render`
 * (and client redirects followed) the browser decides: where the page went within `renderWait`, by a script or by a
 * refresh (labelled as that refresh); the declared refresh only when the page went nowhere in that time (a longer
 * delay). A render that did not finish (a form POST, a bound) ends the chain as it does any page. Without, its
 * refresh. A renderer's failure (no browser, an abort) keeps the hops done so far, as a request's failure does.
 */
export async function clientRedirectOf(
  response: HopResponse,
  page: PageSignals | undefined,
  url: URL,
  chain: Hop[],
  options: NormalizedOptions,
  context: TraceContext,
): Promise<ClientRedirectStep | RenderCutShort | undefined> {
  const index = chain.length - 1;
  const refreshFirst = !options.render || options.clientRedirects !== 'follow';
  const refresh = refreshFirst ? refreshOf(response, page, url, index, options) : undefined;
  if (refresh !== undefined) return refresh;
  let rendered: ClientRedirectStep | RenderCutShort | undefined;
  try {
    rendered = await renderedNavigation(response, page, url, index, options, context);
  } catch (error) {
    throw isHoplensError(error) ? error.withChain(chain) : error;
  }
  // The declared refresh stands only when the browser, given the wait, went nowhere.
  if (refreshFirst || rendered !== undefined) return rendered;
  return refreshOf(response, page, url, index, options);
}
