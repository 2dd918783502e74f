import { parseTargetUrl } from '../../core/index.js';
import { isCliError } from '../errors.js';

/** The result of reading one URL of an input row: the URL, or why it is not one. */
export type UrlReading = { ok: true; url: string } | { ok: false; message: string };

/** Reads a source URL with the core's own rules (absolute http or https, with a host). */
export function readSourceUrl(text: string): UrlReading {
  try {
    return { ok: true, url: parseTargetUrl(text).href };
  } catch (error) {
    return { ok: false, message: isCliError(error) ? error.message : String(error) };
  }
}

/** Reads an expected URL: absolute, or relative to the row's source (`/new-page` is on the source's site). */
export function readTargetUrl(text: string, source: string): UrlReading {
  let url: URL;
  try {
    url = new URL(text, source);
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
