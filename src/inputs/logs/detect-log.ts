import type { LogFormat } from './types.js';

/** How many of a file's first lines its format is told from. */
export const DETECT_LINES = 20;

/** An NCSA line's start: host, ident, user, [time], "request", status, bytes (mod_log_config's common format). */
const NCSA = /^\S+ \S+ .*?\[[^\]]+\] "(?:[^"\\]|\\.)*" \d{3} \S+/;
/** What combined adds after it: the quoted referer and user agent. */
const COMBINED_TAIL = /^ "(?:[^"\\]|\\.)*" "/;

/** The format one line shows, or undefined; a W3C `#Fields:` names CloudFront's `x-edge-` fields or not. */
function formatOfLine(line: string): LogFormat | undefined {
  if (/^#fields:/i.test(line)) return /\bx-edge-/i.test(line) ? 'cloudfront' : 'w3c';
  if (line.startsWith('{')) {
    try {
      const record: unknown = JSON.parse(line);
      const keys = record !== null && typeof record === 'object' ? Object.keys(record) : [];
      return keys.some((key) => key.startsWith('ClientRequest') || key.startsWith('EdgeResponse'))
        ? 'cloudflare'
        : undefined;
    } catch {
      return undefined;
    }
  }
  const ncsa = NCSA.exec(line);
  if (ncsa === null) return undefined;
  return COMBINED_TAIL.test(line.slice(ncsa[0].length)) ? 'combined' : 'common';
}

/**
 * A log's format, told from its first lines: a W3C `#Fields:` directive decides at once; else the format most lines
 * show, combined winning over common (a combined log may hold a line without its tail). Undefined when no line
 * shows one.
 */
export function detectLogFormat(lines: readonly string[]): LogFormat | undefined {
  let ncsa = 0;
  let combined = 0;
  let cloudflare = 0;
  for (const line of lines.slice(0, DETECT_LINES)) {
    const format = formatOfLine(line);
    if (format === 'w3c' || format === 'cloudfront') return format;
    if (format === 'cloudflare') cloudflare++;
    if (format === 'combined') combined++;
    if (format === 'combined' || format === 'common') ncsa++;
  }
  if (cloudflare > ncsa) return 'cloudflare';
  if (ncsa === 0) return undefined;
  return combined > 0 ? 'combined' : 'common';
}
