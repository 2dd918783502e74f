import type { LineOutcome, LogParser, LogRequest } from './request.js';

/*
 * The NCSA common and combined formats, as Apache's mod_log_config defines them
 * (https://httpd.apache.org/docs/current/mod/mod_log_config.html: `%h %l %u %t "%r" %>s %b`, combined adding
 * `"%{Referer}i" "%{User-agent}i"`) and nginx's predefined `combined` log_format does
 * (https://nginx.org/en/docs/http/ngx_http_log_module.html#log_format). Read with indexOf, not a regex: this is the
 * loop a 10-million-line log runs through.
 */

/** The index of the quote closing a quoted field begun before `from`; Apache escapes a quote inside as `\"`. */
function closingQuote(line: string, from: number): number {
  let at = line.indexOf('"', from);
  while (at > 0 && line.charCodeAt(at - 1) === 0x5c && !escapedBackslash(line, at - 1)) at = line.indexOf('"', at + 1);
  return at;
}

/** Whether the backslash at `at` is itself escaped (an odd run of backslashes before it). */
function escapedBackslash(line: string, at: number): boolean {
  let run = 0;
  for (let index = at - 1; index >= 0 && line.charCodeAt(index) === 0x5c; index--) run++;
  return run % 2 === 1;
}

/** The three-digit status at `at`, or -1. */
function statusAt(line: string, at: number): number {
  let status = 0;
  for (let index = at; index < at + 3; index++) {
    const digit = line.charCodeAt(index) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    status = status * 10 + digit;
  }
  const after = line.charCodeAt(at + 3);
  return Number.isNaN(after) || after === 0x20 ? status : -1;
}

/** The quoted user agent after the status: the second quoted field (the first is the referer); '' when absent. */
function userAgentAfter(line: string, from: number): string {
  const refererStart = line.indexOf('"', from);
  if (refererStart === -1) return '';
  const refererEnd = closingQuote(line, refererStart + 1);
  const agentStart = refererEnd === -1 ? -1 : line.indexOf('"', refererEnd + 1);
  if (agentStart === -1) return '';
  const agentEnd = closingQuote(line, agentStart + 1);
  return agentEnd === -1 ? '' : line.slice(agentStart + 1, agentEnd);
}

/** Reads `host ident user [time] "METHOD target PROTOCOL" status bytes` and, for combined, the user agent after. */
function parseNcsa(line: string, into: LogRequest, withAgent: boolean): LineOutcome {
  const requestStart = line.indexOf('"');
  if (requestStart === -1 || line.indexOf('[') > requestStart) return 'unparsable';
  const requestEnd = closingQuote(line, requestStart + 1);
  if (requestEnd === -1 || line.charCodeAt(requestEnd + 1) !== 0x20) return 'unparsable';
  const status = statusAt(line, requestEnd + 2);
  if (status === -1) return 'unparsable';
  const methodEnd = line.indexOf(' ', requestStart + 1);
  // nginx logs a request it could not read as "-" (a 400), which has no method and no target.
  if (methodEnd === -1 || methodEnd > requestEnd) return 'unparsable';
  const protocolStart = line.lastIndexOf(' ', requestEnd - 1);
  into.method = line.slice(requestStart + 1, methodEnd);
  // HTTP/0.9 has no protocol: "GET /".
  into.target = line.slice(methodEnd + 1, protocolStart > methodEnd ? protocolStart : requestEnd);
  into.status = status;
  into.host = '';
  into.scheme = '';
  into.userAgent = withAgent ? userAgentAfter(line, requestEnd + 5) : '';
  return 'request';
}

/** The combined format's parser. */
export function combinedParser(): LogParser {
  return { format: 'combined', parse: (line, into) => parseNcsa(line, into, true) };
}

/** The common format's parser (no referer, no user agent). */
export function commonParser(): LogParser {
  return { format: 'common', parse: (line, into) => parseNcsa(line, into, false) };
}
