import type { Writable } from 'node:stream';
import { plural } from './plural.js';
import { duration, type StatusLine, startStatusLine } from './terminal-line.js';

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

/** The bar line: count, rate and ETA; a bar and percentage once the total is known. */
export function progressLine(value: number, total: number | undefined, elapsedSeconds: number): string {
  const perSecond = elapsedSeconds > 0 ? value / elapsedSeconds : 0;
  // Slow rows (a few a second, or fewer) keep a decimal: `0/s` would say nothing moves.
  const rate = `${perSecond >= 10 ? Math.round(perSecond) : perSecond.toFixed(1)}/s`;
  if (total === undefined || total === 0) {
    return `checking: ${plural(value, 'row')} | ${rate} | ${duration(elapsedSeconds)} elapsed`;
  }
  const shownTotal = Math.max(total, value);
  const ratio = Math.min(1, value / shownTotal);
  const filled = Math.round(ratio * BAR_WIDTH);
  const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
  // No estimate before the first row is done: the time so far says more than a question mark.
  const eta = value > 0 ? `ETA ${duration((shownTotal - value) / perSecond)}` : `${duration(elapsedSeconds)} elapsed`;
  return `${bar} ${Math.round(ratio * 100)}% | ${value}/${shownTotal} rows | ${rate} | ${eta}`;
}

/** check's bar: a {@link StatusLine} drawn from the rows handled and the total, once known. */
class TerminalBar implements Progress {
  private value = 0;
  private total: number | undefined;
  private readonly line: StatusLine;

  constructor(stream: Writable, total?: number) {
    this.total = total;
    this.line = startStatusLine(stream, (elapsed) => progressLine(this.value, this.total, elapsed));
  }

  tick(): void {
    this.value++;
  }

  setTotal(total: number): void {
    this.total = total;
  }

  clear(): void {
    this.line.clear();
  }

  stop(): void {
    this.line.stop();
  }
}

const DISABLED: Progress = { tick() {}, setTotal() {}, clear() {}, stop() {} };

/**
 * A progress bar on `stream`, or nothing when `enabled` is false: the bar is for a person at a terminal, and a CI
 * log must not fill with redraws. Text for the same terminal goes after {@link Progress.clear}.
 */
export async function createProgress(stream: Writable, enabled: boolean): Promise<Progress> {
  return startProgress(stream, enabled);
}

/** {@link createProgress}, drawn from now: for a face that starts its bar when the checking starts, its total known. */
export function startProgress(stream: Writable, enabled: boolean, total?: number): Progress {
  return enabled ? new TerminalBar(stream, total) : DISABLED;
}
