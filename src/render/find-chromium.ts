import { accessSync, constants, statSync } from 'node:fs';
import { HoplensError } from '../core/index.js';

/**
 * Where Debian's `chromium-headless-shell` package puts its executable: the same Blink and V8 as the browser, without
 * the browser's windows. A headless `chromium` opens a full browser window (toolbar, tab strip, omnibox) for every
 * render's page, and that work on its main thread was about two thirds of a render's CPU (BENCHMARKS.md, workload 6).
 * The executable itself, not `/usr/bin/chromium-headless-shell`: that script runs it as a child without `exec`, so
 * stopping the browser would stop the script and leave the browser running.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/** Where Debian's `chromium` package puts its launcher: used when the headless shell is not installed. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The environment variable naming another Chromium executable. */
export const CHROMIUM_ENV = 'HOPLENS_CHROMIUM';

/** What to do when no Chromium is found, for every message that says so. */
export const INSTALL_HINT = `install Chromium (apt-get install chromium-headless-shell, or chromium) or set ${CHROMIUM_ENV} to its executable`;

/** The environment a renderer reads: only {@link CHROMIUM_ENV}. */
export type RenderEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * The Chromium executable the environment names: `HOPLENS_CHROMIUM` when set (and not blank), else Debian's headless
 * shell when it is installed, else Debian's `chromium`.
 * @param installed whether a path is an executable file (a seam for tests; the file system by default)
 */
export function chromiumPath(
  env: RenderEnvironment = process.env,
  installed: (path: string) => boolean = isExecutableFile,
): string {
  const named = env[CHROMIUM_ENV]?.trim();
  if (named !== undefined && named !== '') return named;
  return installed(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : DEFAULT_CHROMIUM_PATH;
}

/**
 * Checks, cheaply (a file test, no launch), that the Chromium the environment names is an executable file, and
 * returns its path. For start-up checks of the service and CLI; a launch can still fail later, which rendering reports
 * the same way.
 * @throws HoplensError `RENDER_UNAVAILABLE`, with an install hint, when there is no such executable.
 */
export function checkChromium(env: RenderEnvironment = process.env): string {
  const path = chromiumPath(env);
  checkExecutable(path, env[CHROMIUM_ENV]?.trim() ? `${CHROMIUM_ENV}=${path}` : path);
  return path;
}

/**
 * Throws `RENDER_UNAVAILABLE` unless `path` is an executable file.
 * @param label how the message names the path (`HOPLENS_CHROMIUM=/x` when the environment chose it)
 */
export function checkExecutable(path: string, label = path): void {
  if (!isExecutableFile(path)) {
    throw new HoplensError('RENDER_UNAVAILABLE', `No Chromium executable at ${label}: ${INSTALL_HINT}`);
  }
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
