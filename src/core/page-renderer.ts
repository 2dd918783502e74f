import type { RenderIncompleteReason } from './types.js';

/**
 * The seam through which the core has a page rendered by a headless browser, without knowing which browser: the
 * renderer (src/render/) loads the page, hands every request the page makes back to the core's guarded fetch, and
 * says where the page navigated to on its own. The core never imports a browser library.
 */

/** A request the rendered page makes: its document, a subresource, a fetch or XHR. */
export interface RenderedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer | undefined;
  /** The most body bytes to read (the core's own `RENDER_BODY_LIMIT` applies when lower or absent). */
  readonly maxBodyBytes?: number | undefined;
  /** Keep the first `maxBodyBytes` of a longer body and stop reading, instead of failing with `RESPONSE_TOO_LARGE`. */
  readonly truncateBody?: boolean | undefined;
  /** Aborts this request (the render was stopped by a bound): its body is no longer read. */
  readonly signal?: AbortSignal | undefined;
}

/** What the core's guarded fetch answered. */
export interface FetchedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/**
 * The core's HTTP client, for the renderer: every request under the analysis's address policy and hop timeout,
 * through the same guarded connector as the chain's hops. Rejects with a `HoplensError` (`BLOCKED_DESTINATION`,
 * `TIMEOUT`, `DNS_ERROR`...) that the renderer answers by failing the page's request.
 */
export type GuardedFetch = (request: RenderedRequest) => Promise<FetchedResponse>;

/** One page to render. */
export interface RenderRequest {
  /** The page's URL (the last hop of the HTTP and refresh chain). */
  readonly url: string;
  /** The User-Agent of the analysis. */
  readonly userAgent: string;
  /** How long to wait for the page to navigate on its own after it has loaded, in ms. */
  readonly waitMs: number;
  /** Every request the page makes goes through this, and nowhere else. */
  readonly fetch: GuardedFetch;
  /** Aborts the rendering (the analysis was aborted or timed out). */
  readonly signal?: AbortSignal | undefined;
}

/** Why a render did not finish, and what it was doing, in words (the `render_incomplete` finding's detail). */
export interface RenderIncomplete {
  readonly reason: RenderIncompleteReason;
  /** One clause for the finding's message, e.g. `the 101st request` or `POST https://example.com/login`. */
  readonly detail: string;
}

/** What rendering found. */
export interface RenderOutcome {
  /** The URL the page navigated its top frame to on its own within the wait, if it did (not loaded by the browser). */
  readonly navigatedTo?: string | undefined;
  /** Present when the render did not run or did not finish: no verdict on the page's own navigation. */
  readonly incomplete?: RenderIncomplete | undefined;
}

/** Renders pages for the core. One instance serves many analyses; each render gets a fresh browser context. */
export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderOutcome>;
  /** Ends the browser. */
  close(): Promise<void>;
}
