import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Runs in every frame before the page's own scripts: the page gets no WebRTC (its peer connections would send UDP
 * that no request interception sees) and no WebTransport.
 */
const NO_PEER_CONNECTIONS = `(() => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceTransport', 'WebTransport']) {
    try { delete globalThis[name]; } catch {}
  }
})();`;

/**
 * A browser context of its own for one render: no cookies, storage or cache shared with another analysis, the
 * analysis's User-Agent, no service workers (they would fetch outside the page's routing), no downloads, and every
 * WebSocket refused before it connects.
 */
export async function openIsolatedContext(browser: Browser, userAgent: string): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent, serviceWorkers: 'block', acceptDownloads: false });
  try {
    await context.addInitScript({ content: NO_PEER_CONNECTIONS });
    // Never `connectToServer()`: the socket is answered by Playwright's stand-in and closed at once.
    await context.routeWebSocket(/./, (socket) => socket.close({ code: 1008, reason: 'No WebSockets when rendering' }));
    return context;
  } catch (error) {
    await context.close().catch(() => {});
    throw error;
  }
}
