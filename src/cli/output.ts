import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { HoplensError } from '../core/errors.js';

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

/**
 * A destination for text that respects backpressure: `write` waits while the stream's buffer is full, which is what
 * keeps a 100,000-row check in bounded memory when its output is slower than the network.
 */
export class Sink {
  /**
   * @param stream where the text goes
   * @param owned whether {@link close} ends the stream (a file opened for `--output`), or leaves it open (stdout)
   * @param isTTY whether the stream is a terminal
   */
  constructor(
    readonly stream: Writable,
    private readonly owned: boolean,
    readonly isTTY: boolean,
  ) {}

  async write(text: string): Promise<void> {
    if (this.stream.destroyed || this.stream.writableEnded) return;
    if (this.stream.write(text)) return;
    try {
      await drained(this.stream);
    } catch (error) {
      // A reader that went away (`hoplens check big.txt | head`) is not an error of the check; the rest is dropped.
      if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
      throw new HoplensError('INPUT_ERROR', `cannot write the output: ${(error as Error).message}`);
    }
  }

  /** Ends an owned stream and waits until its data is on disk. */
  async close(): Promise<void> {
    if (!this.owned || this.stream.writableEnded) return;
    this.stream.end();
    if (!this.stream.writableFinished) await once(this.stream, 'finish');
  }
}

/** Opens `path` for writing before any work starts, so that a bad `--output` fails fast with exit 2. */
export async function openFileSink(path: string, flag: string): Promise<Sink> {
  const stream = createWriteStream(path);
  try {
    await once(stream, 'open');
  } catch (error) {
    throw new HoplensError('USAGE_ERROR', `${flag}: cannot write ${path}: ${(error as Error).message}`, {
      option: flag,
    });
  }
  // Later failures (disk full) surface on the next write; without a listener they would crash the process.
  stream.on('error', () => {});
  return new Sink(stream, true, false);
}
