/**
 * Rendering with headless Chromium, beside the core: the faces (service, CLI) and the package entry reach it through
 * this file only. Chromium is started on the first render and driven over its DevTools pipe (src/render/cdp-browser.ts).
 */

export { CHROMIUM_FLAGS } from './chromium-flags.js';
export {
  ChromiumRenderer,
  type ChromiumRendererOptions,
  RENDERER_DEFAULTS,
} from './chromium-renderer.js';
export {
  CHROMIUM_ENV,
  checkChromium,
  chromiumPath,
  DEFAULT_CHROMIUM_PATH,
  HEADLESS_SHELL_PATH,
  INSTALL_HINT,
  type RenderEnvironment,
} from './find-chromium.js';
export { RENDER_BOUNDS_DEFAULTS, type RenderBounds } from './render-bounds.js';
