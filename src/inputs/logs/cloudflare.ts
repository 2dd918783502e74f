import type { LineOutcome, LogParser, LogRequest } from './request.js';

/*
 * Cloudflare Logpush, the HTTP requests dataset: one JSON object per line, fields as its reference names them
 * (Cloudflare's "HTTP requests", https://developers.cloudflare.com/logs/reference/log-fields/zone/http_requests/): ClientRequestHost,
 * ClientRequestURI (the path and query), ClientRequestMethod, ClientRequestScheme, EdgeResponseStatus (the status
 * the visitor got) and ClientRequestUserAgent. A job logs the fields it was set up with: a line without a method, a
 * URI or a status is unreadable.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Reads one JSON line. */
function parseJsonLine(line: string, into: LogRequest): LineOutcome {
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'unparsable';
    record = parsed as Record<string, unknown>;
  } catch {
    return 'unparsable';
  }
  const status = record.EdgeResponseStatus;
  into.method = text(record.ClientRequestMethod);
  into.target = text(record.ClientRequestURI);
  if (typeof status !== 'number' || into.method === '' || into.target === '') return 'unparsable';
  into.status = status;
  into.host = text(record.ClientRequestHost);
  const scheme = text(record.ClientRequestScheme).toLowerCase();
  into.scheme = scheme === 'http' || scheme === 'https' ? scheme : '';
  into.userAgent = text(record.ClientRequestUserAgent);
  return 'request';
}

/** The Cloudflare Logpush parser. */
export function cloudflareParser(): LogParser {
  return {
    format: 'cloudflare',
    parse: (line, into) => (line.trim() === '' ? 'directive' : parseJsonLine(line, into)),
  };
}
