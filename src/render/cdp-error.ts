/**
 * How a DevTools command or step failed: the browser refused it (`CDP_REFUSED`, with its message), its session
 * detached before the answer (`CDP_SESSION_GONE`: the target closed or crashed away), the pipe closed (`CDP_CLOSED`:
 * the browser is gone), no answer came in time (`CDP_TIMEOUT`), or a render's browser context could not be opened
 * (`CDP_CONTEXT_UNOPENED`: the browser may have died since the last render, unnoticed).
 */
export type CdpErrorCode = 'CDP_REFUSED' | 'CDP_SESSION_GONE' | 'CDP_CLOSED' | 'CDP_TIMEOUT' | 'CDP_CONTEXT_UNOPENED';

/**
 * The render room's one error class. It never leaves the room: a render turns it into a `render_incomplete` reason,
 * `RENDER_UNAVAILABLE`, or a logged and counted error (src/render/render-errors.ts).
 */
export class CdpError extends Error {
  override readonly name = 'CdpError';

  constructor(
    readonly code: CdpErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether a command failed only because its target or the whole browser is gone: nothing is left to act on. */
export function isGone(error: unknown): boolean {
  return error instanceof CdpError && (error.code === 'CDP_SESSION_GONE' || error.code === 'CDP_CLOSED');
}
