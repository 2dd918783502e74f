import { API_HEADER_PREFIX, refusedApiHeader } from '../core/index.js';
import { invalidParameter } from './errors.js';

/**
 * The request headers a query asks for (`header.accept-language=fr-FR`), from the allow-list of
 * src/core/portable/api-headers.ts. A `header.` parameter naming any other header is a 400 naming it, never silently
 * dropped: a caller who meant to send it must know it was not sent. Values were read by strictQuery (once each, within
 * the length); the core checks their characters.
 */
export function apiRequestHeaders(query: Readonly<Record<string, unknown>>): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const [parameter, value] of Object.entries(query)) {
    if (!parameter.startsWith(API_HEADER_PREFIX)) continue;
    const name = parameter.slice(API_HEADER_PREFIX.length);
    const refused = refusedApiHeader(name);
    if (refused !== undefined) throw invalidParameter(parameter, refused);
    if (typeof value === 'string') headers[name] = value;
  }
  return Object.keys(headers).length === 0 ? undefined : headers;
}
