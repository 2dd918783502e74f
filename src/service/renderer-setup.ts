import { isHoplensError, type PageRenderer } from '../core/index.js';
import { ChromiumRenderer, checkChromium } from '../render/index.js';
import type { ServiceConfig } from './config.js';

/** Whether this instance renders, and why not when it was asked to and cannot. */
export type RenderState =
  | { readonly kind: 'off' }
  | { readonly kind: 'on'; readonly renderer: PageRenderer }
  | { readonly kind: 'unavailable'; readonly reason: string };

/**
 * The renderer of an instance with `HOPLENS_RENDER=on`: Chromium checked at start-up (a file test, no launch), so that
 * a missing browser is said at once, in the log and by `/readyz`, rather than by the first caller to ask.
 */
export function setUpRendering(config: ServiceConfig): RenderState {
  if (!config.render) return { kind: 'off' };
  try {
    const executablePath = checkChromium({ HOPLENS_CHROMIUM: config.chromiumPath });
    return {
      kind: 'on',
      renderer: new ChromiumRenderer({
        executablePath,
        concurrency: config.renderConcurrency,
        bounds: config.renderBounds,
      }),
    };
  } catch (error) {
    if (!isHoplensError(error)) throw error;
    return { kind: 'unavailable', reason: error.message };
  }
}
