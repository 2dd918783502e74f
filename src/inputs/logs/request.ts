import type { LogFormat } from './types.js';

/**
 * One request as a log line tells it. A parser fills the one object it is given rather than making one per line:
 * the hot loop allocates nothing it does not keep.
 */
export interface LogRequest {
  method: string;
  /** The request target as logged: a path (with its query, if any) or, rarely, an absolute URL. */
  target: string;
  status: number;
  /** The host the request named, '' when the format does not carry it. */
  host: string;
  /** `http` or `https` when the format says, else ''. */
  scheme: string;
  /** The user agent as logged, '' when absent. */
  userAgent: string;
}

/** What a line was: a request (read into the object), a directive or comment to pass over, or unreadable. */
export type LineOutcome = 'request' | 'directive' | 'unparsable';

/** Reads one format's lines; a format whose lines depend on a header (`#Fields:`) keeps it as state. */
export interface LogParser {
  readonly format: LogFormat;
  parse(line: string, into: LogRequest): LineOutcome;
}

/** An empty request, to be filled. */
export function blankRequest(): LogRequest {
  return { method: '', target: '', status: 0, host: '', scheme: '', userAgent: '' };
}
