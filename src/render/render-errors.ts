import { isGone } from './cdp-error.js';

/** Where a renderer's errors are logged: by default a process warning (`HoplensRenderWarning`) on standard error. */
export type RenderErrorLog = (error: Error) => void;

/** The default {@link RenderErrorLog}. */
export const warnOfRenderError: RenderErrorLog = (error) =>
  process.emitWarning(error.message, { type: 'HoplensRenderWarning' });

/**
 * The errors of a browser's DevTools steps that end no render (a request the page is then failed, a context left
 * to the browser's own clean-up): each is logged and counted, never dropped. A step that failed only because its
 * target or the browser is gone (`CDP_SESSION_GONE`, `CDP_CLOSED`) is the one no-op: the target's end is what the
 * render reacts to (a crash ends it as `crashed`, the browser's exit as `RENDER_UNAVAILABLE`), not its commands.
 */
export class RenderErrors {
  private counted = 0;

  constructor(private readonly log: RenderErrorLog = warnOfRenderError) {}

  /** Errors logged so far. */
  get count(): number {
    return this.counted;
  }

  /** Logs and counts `error`, met while doing `what`; nothing when its target or browser is gone. */
  report(what: string, error: unknown): void {
    if (isGone(error)) return;
    this.counted++;
    const reason = error instanceof Error ? error.message : String(error);
    this.log(new Error(`Rendering: ${what} failed: ${reason}`, { cause: error }));
  }

  /** A catch handler that reports its error as {@link report} does. */
  reporting(what: string): (error: unknown) => void {
    return (error) => this.report(what, error);
  }
}
