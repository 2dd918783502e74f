import { clearLine, cursorTo } from 'node:readline';
import type { Writable } from 'node:stream';
import type { GenericFormatter } from 'cli-progress';

/** A progress display for `hoplens check`; the disabled one does nothing. */
export interface Progress {
  /** Counts one input line handled (a row delivered, or a line skipped or rejected). */
  tick(): void;
  /** Sets the expected number of lines, once known; until then only the count and rate are shown. */
  setTotal(total: number): void;
  /** Erases the bar before other text goes to the same terminal; it redraws on the next tick. */
  clear(): void;
  /** Removes the bar for good. */
  stop(): void;
}

const BAR_WIDTH = 24;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** The bar line: count, rate and ETA; a bar and percentage once the total is known. */
function format(state: { total: number | undefined }): GenericFormatter {
  return (_options, params) => {
    const total = state.total;
    const elapsed = params.startTime === null ? 0 : (Date.now() - params.startTime) / 1000;
    const rate = elapsed > 0 ? Math.round(params.value / elapsed) : 0;
    if (total === undefined || total === 0) {
      return `checking: ${params.value} rows | ${rate}/s | ${duration(elapsed)} elapsed`;
    }
    const ratio = Math.min(1, params.value / total);
    const filled = Math.round(ratio * BAR_WIDTH);
    const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
    const eta = rate > 0 ? duration((total - params.value) / rate) : '?';
    return `${bar} ${Math.round(ratio * 100)}% | ${params.value}/${total} rows | ${rate}/s | ETA ${eta}`;
  };
}

const DISABLED: Progress = { tick() {}, setTotal() {}, clear() {}, stop() {} };

/**
 * A cli-progress bar on `stream`, or nothing when `enabled` is false: the bar is for a person at a terminal, and a
 * CI log must not fill with redraws.
 */
export async function createProgress(stream: Writable, enabled: boolean): Promise<Progress> {
  if (!enabled) return DISABLED;
  // Loaded only for a terminal: a CI run never draws the bar, and loading it is a tenth of the start-up.
  const { SingleBar } = await import('cli-progress');
  const state: { total: number | undefined } = { total: undefined };
  let value = 0;
  let stopped = false;
  const bar = new SingleBar({
    stream: stream as NodeJS.WritableStream,
    format: format(state),
    fps: 10,
    clearOnComplete: true,
    hideCursor: false,
    // Ctrl-C is handled by the command, which stops the bar before printing the partial summary.
    gracefulExit: false,
  });
  bar.start(Number.MAX_SAFE_INTEGER, 0);
  return {
    tick() {
      if (stopped) return;
      value++;
      bar.update(value);
    },
    setTotal(count) {
      if (stopped) return;
      state.total = count;
      bar.setTotal(Math.max(count, value));
    },
    clear() {
      if (stopped) return;
      cursorTo(stream, 0);
      clearLine(stream, 0);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}
