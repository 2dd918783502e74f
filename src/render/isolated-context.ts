import { type BrowserResponse, headerLines } from './browser-response.js';
import type { AttachedTarget, CdpBrowser } from './cdp-browser.js';
import { CdpError, isGone } from './cdp-error.js';
import type { HeapUsage } from './memory-watch.js';
import type { RenderErrors } from './render-errors.js';
import type { PausedRequest, RouteDecision } from './request-router.js';

/**
 * Runs in every document (not in workers: a worker's WebSocket meets the resolver wall, src/render/chromium-flags.ts)
 * before the page's own scripts: the page gets no WebRTC (its peer connections
 * would send UDP that no request interception sees), no WebTransport, no service worker, and every WebSocket fails
 * before it connects (the request interception does not see WebSockets either): it is closed at once, as a refused
 * connection is.
 */
const PAGE_GUARD = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceTransport', 'WebTransport']) {
    try { delete globalThis[name]; } catch {}
  }
  if (globalThis.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register = () => Promise.reject(new DOMException('No service workers when rendering', 'SecurityError'));
  class WebSocket extends EventTarget {
    constructor(url) {
      super();
      this.url = String(url); this.readyState = 0; this.protocol = ''; this.extensions = ''; this.bufferedAmount = 0;
      this.binaryType = 'blob'; this.onopen = null; this.onmessage = null; this.onerror = null; this.onclose = null;
      setTimeout(() => {
        this.readyState = 3;
        const error = new Event('error');
        if (typeof this.onerror === 'function') this.onerror(error);
        this.dispatchEvent(error);
        const close = typeof CloseEvent === 'function' ? new CloseEvent('close', { code: 1006, wasClean: false }) : new Event('close');
        if (typeof this.onclose === 'function') this.onclose(close);
        this.dispatchEvent(close);
      }, 0);
    }
    send() { throw new DOMException('No WebSockets when rendering', 'InvalidStateError'); }
    close() {}
  }
  Object.assign(WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  globalThis.WebSocket = WebSocket;
})();`;

/** What a render's context tells its owner. */
export interface ContextEvents {
  /** A request of any of the context's targets, paused before it is sent; the answer fulfills or fails it. */
  readonly onRequest: (request: PausedRequest) => Promise<RouteDecision>;
  /** The rendered page's load event. */
  readonly onLoad: () => void;
  /** The rendered page's renderer process crashed (`Inspector.targetCrashed`): nothing more will come of it. */
  readonly onCrash: () => void;
  /** Every other event of the rendered page's session (a seam for tests that read what Chromium was given). */
  readonly onPageEvent?: (method: string, params: Record<string, unknown>) => void;
}

/**
 * A browser context of its own for one render: no cookies, storage or cache shared with another analysis, the
 * analysis's User-Agent, no downloads. Every target of the context (the page, a popup, an out-of-process frame, a
 * worker) is attached before it runs and has its requests paused (CDP `Fetch`) for the router.
 */
export class IsolatedContext {
  private pageSession: string | undefined;
  private pageTargetId: string | undefined;
  /** The sessions whose JavaScript heaps hold the context's memory: its pages, out-of-process frames and workers. */
  private readonly heapSessions = new Set<string>();
  private readonly pageReady: Promise<void>;
  private markReady: () => void = () => {};

  private constructor(
    private readonly browser: CdpBrowser,
    readonly id: string,
    private readonly userAgent: string,
    private readonly events: ContextEvents,
  ) {
    this.pageReady = new Promise((resolve) => {
      this.markReady = resolve;
    });
  }

  /** Opens the context and its page (held at `about:blank` until {@link navigate}). */
  static async open(browser: CdpBrowser, userAgent: string, events: ContextEvents): Promise<IsolatedContext> {
    const { send } = bind(browser);
    const { browserContextId } = await send<{ browserContextId: string }>('Target.createBrowserContext', {
      disposeOnDetach: true,
    }).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CdpError('CDP_CONTEXT_UNOPENED', reason, { cause: error });
    });
    const context = new IsolatedContext(browser, browserContextId, userAgent, events);
    browser.register(browserContextId, (target) => context.attach(target));
    try {
      await send('Browser.setDownloadBehavior', { behavior: 'deny', browserContextId });
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      context.pageTargetId = targetId;
      await context.pageReady;
      return context;
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  /** The page's flat session. */
  get session(): string {
    return this.pageSession ?? '';
  }

  /**
   * Loads `url` in the page: resolves with Chromium's `errorText` when the load failed (a refused document), else
   * undefined; rejects only when the command did (a {@link CdpError}). Chromium answers once the document's response
   * has come, so the command has `timeout` ms, the load's time, not a command's.
   */
  async navigate(url: string, timeout: number): Promise<string | undefined> {
    const { connection } = this.browser;
    const result = await connection.send<{ errorText?: string }>('Page.navigate', { url }, this.session, timeout);
    return result.errorText;
  }

  /**
   * The memory the context's targets hold, summed: each page, out-of-process frame and dedicated worker has a
   * JavaScript heap of its own (a frame of the page's own site shares the page's), read with `Runtime.getHeapUsage`.
   * Two targets that share one heap (two frames of one other site) are counted twice: the bound errs towards
   * stopping. A target gone since is left out; any other failure rejects, for the caller to log.
   */
  async memory(): Promise<HeapUsage> {
    const { connection } = this.browser;
    const sum: HeapUsage = { totalSize: 0, embedderHeapUsedSize: 0, backingStorageSize: 0 };
    const reads = [...this.heapSessions].map(async (sessionId) => {
      try {
        const usage = await connection.send<HeapUsage>('Runtime.getHeapUsage', {}, sessionId);
        sum.totalSize += usage.totalSize;
        sum.embedderHeapUsedSize += usage.embedderHeapUsedSize;
        sum.backingStorageSize += usage.backingStorageSize;
      } catch (error) {
        if (!isGone(error)) throw error;
        this.heapSessions.delete(sessionId);
      }
    });
    await Promise.all(reads);
    return sum;
  }

  /** Ends the context, its pages and their renderer process. */
  async close(): Promise<void> {
    this.browser.register(this.id, undefined);
    await this.browser.connection
      .send('Target.disposeBrowserContext', { browserContextId: this.id })
      .catch(this.browser.errors.reporting("closing a render's browser context"));
  }

  private async attach(target: AttachedTarget): Promise<void> {
    const { connection, errors } = this.browser;
    const { sessionId } = target;
    const isMainPage =
      target.targetId === this.pageTargetId || (this.pageSession === undefined && target.type === 'page');
    if (isMainPage) this.pageSession = sessionId;
    connection.listen(sessionId, (method, params) => this.onEvent(target, method, params));
    const send = (method: string, params: object = {}) => connection.send(method, params, sessionId);
    const setUp = setUpCommands(target.type, this.userAgent, send);
    // Inspector tells of the page's renderer crashing; without it a crashed page would pass for one that stays put.
    if (isMainPage) setUp.push(send('Page.enable'), send('Inspector.enable'));
    setUp.push(send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }));
    // A target that fails to set up (gone already) is never let run: its setup is all or nothing.
    const settled = await Promise.allSettled(setUp);
    if (settled.every((outcome) => outcome.status === 'fulfilled')) {
      this.heapSessions.add(sessionId);
      await send('Runtime.runIfWaitingForDebugger').catch(errors.reporting(`starting a ${target.type} target`));
    } else {
      await connection
        .send('Target.closeTarget', { targetId: target.targetId })
        .catch(errors.reporting(`closing a ${target.type} target that could not be set up`));
    }
    if (isMainPage) this.markReady();
  }

  private onEvent(target: AttachedTarget, method: string, params: Record<string, unknown>): void {
    if (method === 'Fetch.requestPaused') this.paused(target, params);
    else if (method === 'Target.attachedToTarget') this.browser.attached(params, target.sessionId);
    else if (method === 'Page.loadEventFired' && target.sessionId === this.pageSession) this.events.onLoad();
    else if (method === 'Inspector.targetCrashed' && target.sessionId === this.pageSession) this.events.onCrash();
    else if (target.sessionId === this.pageSession) this.events.onPageEvent?.(method, params);
  }

  private paused(target: AttachedTarget, params: Record<string, unknown>): void {
    const requestId = params.requestId as string;
    const request = params.request as { url: string; method: string; headers: Record<string, string> };
    const resourceType = String(params.resourceType ?? 'other').toLowerCase();
    const paused: PausedRequest = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      resourceType,
      topDocument: resourceType === 'document' && target.type === 'page' && params.frameId === target.targetId,
      ofRenderedPage: target.sessionId === this.pageSession,
    };
    const { connection, errors } = this.browser;
    const send = (method: string, body: object) => connection.send(method, body, target.sessionId);
    const what = (step: string) => `${step} ${paused.method} ${paused.url.slice(0, 200)}`;
    // The paused request always ends, fulfilled or failed: one left paused holds its page (its load) until the wait
    // runs out. A failure to end it is logged and counted; only a target gone has nothing left to end.
    const fail = () =>
      send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }).catch(errors.reporting(what('failing')));
    const fulfill = (answer: BrowserResponse) =>
      send('Fetch.fulfillRequest', {
        requestId,
        responseCode: answer.status,
        responseHeaders: headerLines(answer.headers),
        body: answer.body.toString('base64'),
      }).catch((error: unknown) => {
        errors.report(what('answering'), error);
        return isGone(error) ? undefined : fail();
      });
    withCookies(connection, target.sessionId, paused, errors)
      .then((withThem) => this.events.onRequest(withThem))
      .then((answer) => (answer === undefined ? fail() : fulfill(answer)))
      .catch((error: unknown) => {
        errors.report(what('routing'), error);
        return fail();
      });
  }
}

/**
 * What a target of the render is set up with before it may run. A page or frame has its requests paused (CDP `Fetch`)
 * and the guard script in every document; a dedicated worker's requests are paused by its page's `Fetch` (a worker
 * target has no `Fetch` of its own, and fetches through its frame's loader). Any other kind (a shared worker) is never
 * let run: an empty list fails its setup.
 */
function setUpCommands(
  type: string,
  userAgent: string,
  send: (method: string, params?: object) => Promise<unknown>,
): Array<Promise<unknown>> {
  if (type === 'page' || type === 'iframe') {
    return [
      send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] }),
      send('Page.addScriptToEvaluateOnNewDocument', { source: PAGE_GUARD, runImmediately: true }),
      send('Emulation.setUserAgentOverride', { userAgent }),
    ];
  }
  if (type === 'worker') return [send('Network.setUserAgentOverride', { userAgent })];
  return [Promise.reject(new Error(`a ${type} target is not run when rendering`))];
}

/**
 * The request with the context's cookies for its URL: Chromium adds them below the point where requests are paused,
 * so the paused request does not carry them, and the core's fetch must (they are this analysis's own).
 */
async function withCookies(
  connection: CdpBrowser['connection'],
  sessionId: string,
  request: PausedRequest,
  errors: RenderErrors,
): Promise<PausedRequest> {
  if (Object.keys(request.headers).some((name) => name.toLowerCase() === 'cookie')) return request;
  const { cookies } = await connection
    .send<{ cookies: Array<{ name: string; value: string }> }>('Network.getCookies', { urls: [request.url] }, sessionId)
    .catch((error: unknown) => {
      // Sent without the context's cookies, as a request of a page that set none.
      errors.report(`reading the cookies for ${request.url.slice(0, 200)}`, error);
      return { cookies: [] };
    });
  if (cookies.length === 0) return request;
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  return { ...request, headers: { ...request.headers, cookie } };
}

function bind(browser: CdpBrowser) {
  return { send: <T>(method: string, params: object) => browser.connection.send<T>(method, params) };
}
