import type { Writable } from 'node:stream';

/** A progress display for `hoplens check`; the disabled one does nothing. */
export interface Progress {
  /** Counts one input line handled (a row delivered, or a line skipped or rejected). */
  tick(): void;
  /** Sets the expected number of lines, once known; until then only the count and rate are shown. */
  setTotal(total: number): void;
  /** Erases the bar before other text goes to the same terminal; it redraws on the next frame, below that text. */
  clear(): void;
  /** Erases the bar for good, leaving the cursor where the bar was: what is printed next is the last thing. */
  stop(): void;
}

const BAR_WIDTH = 24;
/** Ten frames a second: the bar moves smoothly, and a fast run does not redraw it once per row. */
const FRAME_MS = 100;
/** Carriage return, then erase to the end of the line: the bar's whole line, whatever was on it. */
const ERASE_LINE = '\r\u001b[K';

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** The bar line: count, rate and ETA; a bar and percentage once the total is known. */
export function progressLine(value: number, total: number | undefined, elapsedSeconds: number): string {
  const rate = elapsedSeconds > 0 ? Math.round(value / elapsedSeconds) : 0;
  if (total === undefined || total === 0) {
    return `checking: ${value} rows | ${rate}/s | ${duration(elapsedSeconds)} elapsed`;
  }
  const shownTotal = Math.max(total, value);
  const ratio = Math.min(1, value / shownTotal);
  const filled = Math.round(ratio * BAR_WIDTH);
  const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
  const eta = rate > 0 ? duration((shownTotal - value) / rate) : '?';
  return `${bar} ${Math.round(ratio * 100)}% | ${value}/${shownTotal} rows | ${rate}/s | ETA ${eta}`;
}

/**
 * A one-line bar at the bottom of the terminal. It only ever rewrites its own line (carriage return, text, erase to
 * the end of the line) and never saves, restores or moves the cursor elsewhere: the rows printed between two frames
 * push it down, so they scroll above it, and once erased the next text starts where it stood. The line is cut to the
 * terminal's width, since a wrapped line could no longer be erased with a carriage return.
 */
class TerminalBar implements Progress {
  private value = 0;
  private total: number | undefined;
  private readonly started = Date.now();
  /** The text on the terminal now, or undefined when the bar's line is erased. */
  private drawn: string | undefined;
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly stream: Writable & { columns?: number }) {
    this.draw();
    this.timer = setInterval(() => this.draw(), FRAME_MS);
    // The bar never keeps the process alive.
    this.timer.unref();
  }

  private draw(): void {
    if (this.stopped) return;
    const width = this.stream.columns ?? 80;
    const line = progressLine(this.value, this.total, (Date.now() - this.started) / 1000).slice(0, width - 1);
    if (line === this.drawn) return;
    this.stream.write(`${ERASE_LINE}${line}`);
    this.drawn = line;
  }

  tick(): void {
    this.value++;
  }

  setTotal(total: number): void {
    this.total = total;
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

const DISABLED: Progress = { tick() {}, setTotal() {}, clear() {}, stop() {} };

/**
 * A progress bar on `stream`, or nothing when `enabled` is false: the bar is for a person at a terminal, and a CI
 * log must not fill with redraws. Text for the same terminal goes after {@link Progress.clear}.
 */
export async function createProgress(stream: Writable, enabled: boolean): Promise<Progress> {
  return enabled ? new TerminalBar(stream) : DISABLED;
}
