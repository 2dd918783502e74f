import { HoplensError } from '../core/index.js';
import { CdpBrowser } from './cdp-browser.js';
import { checkExecutable, INSTALL_HINT } from './find-chromium.js';
import type { RenderErrors } from './render-errors.js';

/** How to start the browser. */
export interface LaunchSettings {
  /** The Chromium executable. */
  readonly executablePath: string;
  /** How long a launch may take, in ms. */
  readonly launchTimeout: number;
  /** Where every browser's errors are logged and counted (one count for the renderer's life). */
  readonly errors: RenderErrors;
  /** Told as each launch begins: a start takes seconds, which a face may want to say. */
  readonly onLaunch?: (() => void) | undefined;
}

/**
 * One Chromium process shared by every analysis of a renderer: started on first use, started again on the next use
 * after it died or disconnected. It is driven over its DevTools pipe (src/render/cdp-browser.ts).
 */
export class BrowserLauncher {
  private current: CdpBrowser | undefined;
  private launching: Promise<CdpBrowser> | undefined;
  private closed = false;

  constructor(private readonly settings: LaunchSettings) {}

  /** The running browser, launched (again) if there is none. Throws `RENDER_UNAVAILABLE` when it cannot start. */
  browser(): Promise<CdpBrowser> {
    if (this.closed) return Promise.reject(new HoplensError('RENDER_UNAVAILABLE', 'This renderer is closed'));
    if (this.current?.isConnected()) return Promise.resolve(this.current);
    if (this.launching === undefined) {
      const launching = this.launch().finally(() => {
        if (this.launching === launching) this.launching = undefined;
      });
      this.launching = launching;
    }
    return this.launching;
  }

  private async launch(): Promise<CdpBrowser> {
    const { executablePath, launchTimeout, errors } = this.settings;
    checkExecutable(executablePath);
    this.settings.onLaunch?.();
    let browser: CdpBrowser;
    try {
      browser = await CdpBrowser.launch(executablePath, launchTimeout, errors);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new HoplensError(
        'RENDER_UNAVAILABLE',
        `Chromium at ${executablePath} did not start (${reason}): ${INSTALL_HINT}`,
        {},
        { cause: error },
      );
    }
    if (this.closed) {
      await browser.close();
      throw new HoplensError('RENDER_UNAVAILABLE', 'This renderer is closed');
    }
    this.current = browser;
    browser.onExit(() => {
      if (this.current === browser) this.current = undefined;
    });
    return browser;
  }

  /** Ends the browser (waiting for a launch under way); no browser is started after this. */
  async close(): Promise<void> {
    this.closed = true;
    // A launch that failed has told its own callers (RENDER_UNAVAILABLE): closing has no browser to end, a no-op.
    const browser = this.current ?? (await this.launching?.catch(() => undefined));
    this.current = undefined;
    await browser?.close();
  }
}
