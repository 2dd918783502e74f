import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { cliError } from './errors.js';
import { outputError } from './output-error.js';

/** Resolves when `stream` can take more data; rejects if it fails or closes first. */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      resolve();
    };
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

/** How much text a file sink gathers before writing it out (it also writes at the end of every event-loop turn). */
const BATCH_CHARS = 64 * 1024;

/** How a {@link Sink} treats its stream. */
export interface SinkOptions {
  /** Whether the sink owns the stream: `close` ends it (a file opened for `--output`), or leaves it open (stdout). */
  owned: boolean;
  /** Whether the stream is a terminal. */
  isTTY: boolean;
  /** The error a failed write is reported as (default: an `OUTPUT_ERROR` with the system's message). */
  describeFailure?: (error: unknown) => unknown;
}

const defaultFailure = (error: unknown) =>
  cliError('OUTPUT_ERROR', `cannot write the output: ${(error as Error).message}`, {}, { cause: error });

/**
 * A destination for text that respects backpressure: `write` waits while the stream's buffer is full, which is what
 * keeps a 100,000-row check in bounded memory when its output is slower than the network.
 *
 * A file it owns gets its text in batches: one write per event-loop turn (or per {@link BATCH_CHARS}) instead of one
 * per row, which is a measurable share of a large check's work. Shared streams (stdout, stderr, a terminal) are
 * written at once, so that text from several sinks on one stream stays in order.
 */
export class Sink {
  private batch: string[] = [];
  private batchChars = 0;
  private flushScheduled = false;
  /** Set while the stream's buffer is full: writers wait for it, which is the backpressure. */
  private waiting: Promise<void> | undefined;
  /** A failure of a write that nobody was waiting for, reported by the next `write` or `close`. */
  private failure: unknown;
  private readonly describeFailure: (error: unknown) => unknown;

  /** Whether {@link close} ends the stream. */
  private readonly owned: boolean;
  /** Whether the stream is a terminal. */
  readonly isTTY: boolean;

  /** @param stream where the text goes */
  constructor(
    readonly stream: Writable,
    options: SinkOptions,
  ) {
    this.owned = options.owned;
    this.isTTY = options.isTTY;
    this.describeFailure = options.describeFailure ?? defaultFailure;
    // A file's write fails after `write` returned (a full disk): the failure is kept for the next write or close,
    // which is also what keeps it from crashing the process as an unhandled 'error' event.
    if (this.owned) {
      stream.on('error', (error) => {
        this.failure ??= this.describeFailure(error);
      });
    }
  }

  async write(text: string): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    if (!this.owned) return this.send(text);
    this.batch.push(text);
    this.batchChars += text.length;
    if (this.waiting !== undefined) return this.waiting;
    if (this.batchChars >= BATCH_CHARS) return this.flush();
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        if (this.waiting !== undefined) return;
        this.flush().catch((error: unknown) => {
          this.failure = error;
        });
      });
    }
  }

  /** Writes out what has been gathered (once the stream has room, if it is full now). */
  private flush(): Promise<void> {
    if (this.waiting !== undefined) return this.waiting;
    if (this.batch.length === 0) return Promise.resolve();
    const text = this.batch.length === 1 ? this.batch[0]! : this.batch.join('');
    this.batch = [];
    this.batchChars = 0;
    return this.send(text);
  }

  private send(text: string): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.stream.destroyed || this.stream.writableEnded) return Promise.resolve();
    if (this.stream.write(text)) return Promise.resolve();
    this.waiting = this.afterDrain();
    return this.waiting;
  }

  private async afterDrain(): Promise<void> {
    try {
      await drained(this.stream);
    } catch (error) {
      // A reader that went away (`hoplens check big.txt | head`) is not an error of the check; the rest is dropped.
      if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
      throw this.failure ?? this.describeFailure(error);
    } finally {
      this.waiting = undefined;
    }
    // What was gathered while the stream was full.
    if (this.owned) await this.flush();
  }

  /** Writes out what is gathered, then ends an owned stream and waits until its data is on disk. */
  async close(): Promise<void> {
    if (!this.owned || this.stream.writableEnded) return;
    await this.flush();
    if (this.failure !== undefined) throw this.failure;
    this.stream.end();
    try {
      if (!this.stream.writableFinished) await once(this.stream, 'finish');
    } catch (error) {
      throw this.failure ?? this.describeFailure(error);
    }
    if (this.failure !== undefined) throw this.failure;
  }
}

/**
 * Opens `path` for writing before any work starts, so that a bad `--output` fails fast with exit 2. A write that fails
 * later (a full disk) is the same `OUTPUT_ERROR`, naming `flag`, the file and the reason.
 */
export async function openFileSink(path: string, flag: string, append = false): Promise<Sink> {
  // Appending (`--resume`) adds to what the file holds; otherwise it is emptied first.
  const stream = createWriteStream(path, { flags: append ? 'a' : 'w' });
  try {
    await once(stream, 'open');
  } catch (error) {
    throw outputError(flag, path, error);
  }
  return new Sink(stream, { owned: true, isTTY: false, describeFailure: (error) => outputError(flag, path, error) });
}
