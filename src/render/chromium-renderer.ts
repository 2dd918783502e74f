import { HoplensError, type PageRenderer, type RenderOutcome, type RenderRequest } from '../core/index.js';
import { BrowserLauncher } from './browser-launcher.js';
import type { CdpBrowser } from './cdp-browser.js';
import { CdpError } from './cdp-error.js';
import { chromiumPath, type RenderEnvironment } from './find-chromium.js';
import { watchNavigation } from './navigation-watch.js';
import { RENDER_BOUNDS_DEFAULTS, type RenderBounds } from './render-bounds.js';
import { type RenderErrorLog, RenderErrors } from './render-errors.js';
import { RenderSlots } from './render-slots.js';

/** Settings of a {@link ChromiumRenderer}; every one has a default in {@link RENDERER_DEFAULTS}. */
export interface ChromiumRendererOptions {
  /** The Chromium executable (default: `HOPLENS_CHROMIUM` from the environment, else `/usr/bin/chromium`). */
  executablePath?: string;
  /** Renders in flight at once (default 2); more callers wait in turn, each for as long as its signal allows. */
  concurrency?: number;
  /** How long starting Chromium may take, in ms (default 20000). */
  launchTimeout?: number;
  /**
   * How long a page may take to reach its load event when the request brings no signal, in ms (default 30000).
   * The core always brings one: its hop timeout plus the render wait.
   */
  loadTimeout?: number;
  /** The bounds on each render (default {@link RENDER_BOUNDS_DEFAULTS}: 100 requests, 6 at once, 2 MiB, 20 MiB, 512 MB). */
  bounds?: Partial<RenderBounds>;
  /**
   * Where the errors that end no render are logged (a DevTools step refused or unanswered: the page's request is
   * failed, a context is left to the browser): default a process warning, `HoplensRenderWarning`. Each is counted in
   * {@link ChromiumRenderer.errors}.
   */
  onError?: RenderErrorLog;
  /** Called as Chromium starts (on first use, and again after it died): a start takes a few seconds. */
  onLaunch?: () => void;
}

/** The defaults of {@link ChromiumRendererOptions}. */
export const RENDERER_DEFAULTS = Object.freeze({ concurrency: 2, launchTimeout: 20_000, loadTimeout: 30_000 });

/**
 * Renders pages in headless Chromium (driven over its DevTools pipe, started on first use) for `render: true` analyses.
 * One browser process serves every analysis and is started again if it dies; each render gets a fresh context (no
 * cookies, storage or cache from another analysis) with the analysis's User-Agent. Every request the page makes is
 * performed by the core's guarded fetch, under the analysis's address policy: the browser opens no connection itself,
 * and cannot resolve a host name if a request escaped.
 *
 * ```ts
 * checkChromium(process.env); // at start-up: throws RENDER_UNAVAILABLE with an install hint
 * const analyzer = new Analyzer({ renderer: ChromiumRenderer.fromEnvironment(process.env) });
 * await analyzer.analyze(url, { render: true, renderWait: 3000 });
 * await analyzer.close(); // closes the browser too
 * ```
 *
 * `render` rejects with `RENDER_UNAVAILABLE` when Chromium cannot be found or started (or exits while rendering), and
 * with `ABORTED` (or the signal's own `HoplensError`) when the request's signal aborts for a reason other than a
 * timeout; a timeout ends the render with no navigation seen.
 */
export class ChromiumRenderer implements PageRenderer {
  private readonly launcher: BrowserLauncher;
  private readonly slots: RenderSlots;
  private readonly loadTimeout: number;
  private readonly bounds: RenderBounds;
  private readonly errorLog: RenderErrors;

  constructor(options: ChromiumRendererOptions = {}) {
    const concurrency = options.concurrency ?? RENDERER_DEFAULTS.concurrency;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
    }
    this.slots = new RenderSlots(concurrency);
    this.loadTimeout = options.loadTimeout ?? RENDERER_DEFAULTS.loadTimeout;
    this.bounds = Object.freeze({ ...RENDER_BOUNDS_DEFAULTS, ...options.bounds });
    this.errorLog = new RenderErrors(options.onError);
    this.launcher = new BrowserLauncher({
      executablePath: options.executablePath ?? chromiumPath(),
      launchTimeout: options.launchTimeout ?? RENDERER_DEFAULTS.launchTimeout,
      errors: this.errorLog,
      onLaunch: options.onLaunch,
    });
  }

  /** A renderer for the Chromium the environment names (`HOPLENS_CHROMIUM`, else `/usr/bin/chromium`). */
  static fromEnvironment(
    env: RenderEnvironment = process.env,
    options: Omit<ChromiumRendererOptions, 'executablePath'> = {},
  ): ChromiumRenderer {
    return new ChromiumRenderer({ ...options, executablePath: chromiumPath(env) });
  }

  /** Errors logged since the renderer was made (see {@link ChromiumRendererOptions.onError}). */
  get errors(): number {
    return this.errorLog.count;
  }

  /** Renders in flight now, and callers waiting for a slot. */
  get load(): { inFlight: number; queued: number } {
    return { inFlight: this.slots.inFlight, queued: this.slots.queued };
  }

  /**
   * Renders within the request's signal, waiting for a slot included: when it aborts for a timeout the render ends
   * at once as incomplete (`queue` when it never had a slot, `timeout` when it did), while its context is closed
   * behind it, still holding its slot until then.
   */
  async render(request: RenderRequest): Promise<RenderOutcome> {
    let release: () => void;
    try {
      release = await this.slots.acquire(request.signal);
    } catch (error) {
      return abortedRender(error, 'queue');
    }
    const work = this.launcher
      .browser()
      .then((browser) => this.renderIn(browser, request, true))
      .finally(release);
    try {
      return await untilAborted(work, request.signal);
    } catch (error) {
      return abortedRender(error, 'timeout');
    }
  }

  private async renderIn(browser: CdpBrowser, request: RenderRequest, mayRelaunch: boolean): Promise<RenderOutcome> {
    try {
      try {
        return await watchNavigation(browser, request, this.loadTimeout, this.bounds);
      } catch (error) {
        // The browser died since the last render, before its exit was noticed: start another, once.
        const unopened = error instanceof CdpError && error.code === 'CDP_CONTEXT_UNOPENED';
        const unnoticed = unopened && !browser.isConnected();
        if (mayRelaunch && unnoticed) return this.renderIn(await this.launcher.browser(), request, false);
        throw error;
      }
    } catch (error) {
      if (request.signal?.aborted) return abortedRender(request.signal.reason, 'timeout');
      if (error instanceof HoplensError) throw error;
      const why = browser.isConnected() ? 'failed' : 'exited';
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new HoplensError('RENDER_UNAVAILABLE', `Chromium ${why} while rendering ${request.url}: ${reason}`, {
        url: request.url,
      });
    }
  }

  /** Closes the browser; renders still in flight fail. */
  close(): Promise<void> {
    return this.launcher.close();
  }
}

/** `work`, or the signal's reason as soon as it aborts (the work goes on behind, its failure ignored). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  // A no-op by design: once the signal has aborted, the caller has its outcome; the work's own end is the same abort
  // (watchNavigation rejects with it) or the browser's exit, which the launcher notices on the next render.
  work.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * What a render ends with when its signal aborted: a timeout means the render did not finish in the time it had,
 * waiting for a slot (`queue`) or rendering (`timeout`); any other abort is the analysis being abandoned.
 */
function abortedRender(reason: unknown, stage: 'queue' | 'timeout'): RenderOutcome {
  if (reason instanceof DOMException && reason.name === 'TimeoutError') {
    const detail = stage === 'queue' ? "still waiting for one of the renderer's slots" : 'still rendering';
    return { incomplete: { reason: stage, detail } };
  }
  if (reason instanceof HoplensError) throw reason;
  throw new HoplensError('ABORTED', 'The rendering was aborted', {}, { cause: reason });
}
