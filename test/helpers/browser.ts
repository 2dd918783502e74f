/**
 * Browser end-to-end helpers for the web page: Debian's chromium driven by playwright-core, the real service
 * listening on loopback, pages that record every request leaving for another origin (and block it) and are checked
 * after each test, readability checks, and the screenshot folder CI keeps.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { type AppDeps, buildApp } from '../../src/service/app.js';
import { type Environment, loadConfig } from '../../src/service/config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where screenshots go (gitignored; CI keeps it as an artifact). */
export const SCREENSHOT_DIR = join(root, 'test-artifacts', 'screenshots');

/** Flags that keep chromium from reaching anywhere but the pages it is given. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 20_000 });
}

/** A running service: its origin, the app, and a close that ends in-flight analyses quickly. */
export interface RunningService {
  origin: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Builds the real service, serving the page built into `publicDir` (see test/helpers/built-page.ts), with loopback
 * allowed, quiet logs and a short shutdown grace (`env` overrides, as environment variables), and listens on
 * 127.0.0.1, port 0.
 */
export async function startService(
  publicDir: string,
  env: Environment = {},
  deps: AppDeps = {},
): Promise<RunningService> {
  const config = loadConfig({
    HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8',
    LOG_LEVEL: 'silent',
    HOPLENS_SHUTDOWN_GRACE_MS: '500',
    ...env,
  });
  const app = await buildApp(config, { ...deps, webPublicDir: publicDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('service not listening on TCP');
  let closed: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    app,
    close: () => {
      if (closed === undefined) {
        closed = app.close();
        // Kept-alive browser sockets (and Chromium's preconnected ones) must not hold the close up.
        app.server.closeAllConnections();
      }
      return closed;
    },
  };
}

/** A page and what it did: requests to other origins (blocked), page errors, console errors. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Every request for another origin than the service's (each was aborted). */
  external: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Console errors, minus "Failed to load resource" for expected 4xx/5xx answers and for a server gone away. */
  consoleErrors: string[];
  close(): Promise<void>;
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
}

/** Opens a fresh context and page on `origin`'s site; clipboard allowed; nothing may leave for another origin. */
export async function openPage(browser: Browser, origin: string, options: PageOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const external: string[] = [];
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      external.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(10_000);
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/^Failed to load resource: the server responded with a status of (400|429|500|503)/.test(text)) return;
    // A server that went away (the unreachable test): refused, or reset or gone on a kept-alive socket.
    if (
      /^Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|SOCKET_NOT_CONNECTED)/.test(
        text,
      )
    ) {
      return;
    }
    consoleErrors.push(text);
  });
  return { page, context, external, pageErrors, consoleErrors, close: () => context.close() };
}

/**
 * Pages for one test file, opened with {@link openPage} in `browser()` (the file's browser, launched in its
 * `beforeAll`). After each test, every page it opened is checked and closed: whatever the test did, the page reached
 * no other origin, threw nothing and broke no CSP rule (no console error). Call at the top level of the file.
 */
export function checkedPages(browser: () => Browser): (origin: string, options?: PageOptions) => Promise<WatchedPage> {
  const opened: WatchedPage[] = [];
  afterEach(async () => {
    for (const watched of opened.splice(0)) {
      expect(watched.external).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      expect(watched.consoleErrors).toEqual([]);
      await watched.close();
    }
  });
  return async (origin, options = {}) => {
    const watched = await openPage(browser(), origin, options);
    opened.push(watched);
    return watched;
  };
}

/** Saves a full-page screenshot under {@link SCREENSHOT_DIR}. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled', timeout: 10_000 });
  return path;
}

/** WCAG contrast ratio of two CSS colours as the browser computed them (`rgb(...)`/`rgba(...)`, opaque). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const channels = color
      .match(/[\d.]+/g)
      ?.slice(0, 3)
      .map(Number);
    if (channels === undefined || channels.length < 3) throw new Error(`not an rgb colour: ${color}`);
    const [r, g, b] = channels.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Runs in the page (as text: the test tsconfig has no DOM types). */
const COLORS_SCRIPT = `(selector) => [...document.querySelectorAll(selector)].map((element) => {
  let bg = 'rgb(255, 255, 255)';
  for (let node = element; node !== null; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    const alpha = color.startsWith('rgba') ? Number(color.split(',')[3].replace(')', '')) : 1;
    if (alpha > 0.99) { bg = color; break; }
  }
  return { text: (element.textContent || '').trim(), fg: getComputedStyle(element).color, bg };
})`;

/**
 * Text colour and effective background (first opaque one up the tree) of every element matching `selector`, for
 * {@link contrastRatio}.
 */
export function colorsOf(page: Page, selector: string): Promise<Array<{ text: string; fg: string; bg: string }>> {
  return page.evaluate(`(${COLORS_SCRIPT})(${JSON.stringify(selector)})`);
}

/** Every text/background pair of the listed elements meets WCAG AA for normal text (4.5:1). */
export async function expectReadable(page: Page, selector: string): Promise<void> {
  const pairs = await colorsOf(page, selector);
  expect(pairs.length).toBeGreaterThan(0);
  for (const pair of pairs) {
    expect({ ...pair, ratio: contrastRatio(pair.fg, pair.bg) >= 4.5 }).toEqual({ ...pair, ratio: true });
  }
}
