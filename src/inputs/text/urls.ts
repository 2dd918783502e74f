import { isHoplensError, normalizeUrlInput, parseUrlInput } from '../../core/portable/index.js';

/** The result of reading one URL of an input row: the URL, or why it is not one. */
export type UrlReading = { ok: true; url: string } | { ok: false; message: string };

/** Whether a field is a path on some site (`/old-page`) rather than a URL or a bare host (`//host/x` is a host). */
function isPath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//');
}

/**
 * Why a spreadsheet formula (`=HYPERLINK("https://...")`) is not read as a URL: the file holds the formula, not the
 * value the spreadsheet shows, and hoplens does not guess a URL out of it.
 */
function formulaMessage(text: string): string {
  return `Not a URL: ${JSON.stringify(text.slice(0, 200))} is a spreadsheet formula: export the values, not the formulas`;
}

/** How a source is read besides the base URL. */
export interface SourceReadOptions {
  /**
   * A field starting with `//` is a path (`//old//page`, as a server receives it), not a host: `--samples` sends
   * paths to rules that merge slashes or not, where `new URL('//old', base)` would make `old` the host.
   */
  slashPaths?: boolean;
}

/**
 * Reads a source URL with the core's own rules (absolute http or https, with a host). A bare host (`example.com/a`)
 * gets `https://` as on the web page; a path (`/old`) is made absolute on `baseUrl`, and is an error without one.
 */
export function readSourceUrl(text: string, baseUrl?: string, options: SourceReadOptions = {}): UrlReading {
  if (options.slashPaths === true && text.startsWith('//')) {
    if (baseUrl === undefined) return readSourceUrl(text.replace(/^\/+/, '/'), baseUrl);
    // The origin's text and the path as written: resolving `//old` on the base would read `old` as a host.
    return URL.canParse(new URL(baseUrl).origin + text)
      ? { ok: true, url: new URL(new URL(baseUrl).origin + text).href }
      : { ok: false, message: `Not a valid path: ${JSON.stringify(text.slice(0, 200))}` };
  }
  if (isPath(text)) {
    if (baseUrl === undefined) {
      return { ok: false, message: `${JSON.stringify(text.slice(0, 200))} is a path: give --base-url to check it` };
    }
    try {
      return { ok: true, url: new URL(text, baseUrl).href };
    } catch {
      return { ok: false, message: `Not a valid path: ${JSON.stringify(text.slice(0, 200))}` };
    }
  }
  if (text.startsWith('=')) return { ok: false, message: formulaMessage(text) };
  try {
    return { ok: true, url: parseUrlInput(text).href };
  } catch (error) {
    return { ok: false, message: isHoplensError(error) ? error.message : String(error) };
  }
}

/**
 * Reads an expected URL: absolute, a bare host (`https://` put in front, as for a source), or a path on the row's
 * source's site (`/new-page`; the source is on `--base-url` when it was a path itself).
 */
export function readTargetUrl(text: string, source: string): UrlReading {
  if (text.startsWith('=')) return { ok: false, message: formulaMessage(text) };
  let url: URL;
  try {
    url = isPath(text) ? new URL(text, source) : new URL(normalizeUrlInput(text));
  } catch {
    return { ok: false, message: `Not a valid target URL: ${JSON.stringify(text.slice(0, 200))}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `Only http and https target URLs can be checked, not ${url.protocol}` };
  }
  return { ok: true, url: url.href };
}

/** Reads an expected status: a three-digit HTTP status code. */
export function readStatus(text: string): { ok: true; status: number } | { ok: false; message: string } {
  const status = /^\d{3}$/.test(text) ? Number(text) : Number.NaN;
  return status >= 100 && status <= 599
    ? { ok: true, status }
    : { ok: false, message: `Not an HTTP status code: ${JSON.stringify(text.slice(0, 50))}` };
}
