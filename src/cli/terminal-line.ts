import type { Writable } from 'node:stream';

/**
 * A live status line at the bottom of a terminal, redrawn ten times a second from `render` (check's progress bar,
 * crawl's progress line). It only ever rewrites its own line (carriage return, text, erase to the end of the line) and
 * never saves, restores or moves the cursor elsewhere: the text printed between two frames pushes it down, so it
 * scrolls above it, and once erased the next text starts where it stood. The line is cut to the terminal's width,
 * since a wrapped line could no longer be erased with a carriage return.
 */
export interface StatusLine {
  /** Erases the line before other text goes to the same terminal; it redraws on the next frame, below that text. */
  clear(): void;
  /** Erases the line for good, leaving the cursor where it was: what is printed next is the last thing. */
  stop(): void;
}

/** Ten frames a second: the line moves smoothly, and a fast run does not redraw it once per row. */
const FRAME_MS = 100;
/** Carriage return, then erase to the end of the line: the status's whole line, whatever was on it. */
const ERASE_LINE = '\r\u001b[K';

/** A duration for a person: `42s`, `3m07s`; `?` when unknown. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

class TerminalLine implements StatusLine {
  private readonly started = Date.now();
  /** The text on the terminal now, or undefined when the line is erased. */
  private drawn: string | undefined;
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly stream: Writable & { columns?: number },
    private readonly render: (elapsedSeconds: number) => string,
  ) {
    this.draw();
    this.timer = setInterval(() => this.draw(), FRAME_MS);
    // The line never keeps the process alive.
    this.timer.unref();
  }

  private draw(): void {
    if (this.stopped) return;
    const width = this.stream.columns ?? 80;
    const line = this.render((Date.now() - this.started) / 1000).slice(0, width - 1);
    if (line === this.drawn) return;
    this.stream.write(`${ERASE_LINE}${line}`);
    this.drawn = line;
  }

  clear(): void {
    if (this.drawn === undefined) return;
    this.stream.write(ERASE_LINE);
    this.drawn = undefined;
  }

  stop(): void {
    if (this.stopped) return;
    clearInterval(this.timer);
    this.clear();
    this.stopped = true;
  }
}

/** A status line drawn from `render` on `stream`, which must be a terminal (the callers decide: a CI log gets none). */
export function startStatusLine(stream: Writable, render: (elapsedSeconds: number) => string): StatusLine {
  return new TerminalLine(stream, render);
}
