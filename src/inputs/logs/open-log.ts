import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { gunzippedBytes } from '../text/gunzipped-bytes.js';
import { damagedGzip, noStdin, unreadableLog } from './log-errors.js';

/** Bytes read from a file at a time: large reads are fewer trips through the stream machinery per line. */
const CHUNK_BYTES = 256 * 1024;

/** With a read error of the file said as the inputs room says it (a directory, no permission). */
async function* reported(path: string, bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* bytes;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code?.startsWith('Z_') === true) throw damagedGzip(path, error);
    if (code !== undefined && code !== 'ABORT_ERR') throw unreadableLog(path, error);
    throw error;
  }
}

/**
 * Opens a log or traffic file (`-`: standard input) as a stream of its text's bytes, gunzipped when gzip. The file
 * is opened here, so that a missing one fails before anything is counted.
 */
export async function openLog(path: string, stdin: NodeJS.ReadableStream | undefined): Promise<Readable> {
  if (path === '-') {
    if (stdin === undefined) throw noStdin();
    return Readable.from(reported(path, gunzippedBytes(stdin as AsyncIterable<Uint8Array | string>, CHUNK_BYTES)));
  }
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw unreadableLog(path, error);
  }
  const file = handle.createReadStream({ highWaterMark: CHUNK_BYTES });
  return Readable.from(reported(path, gunzippedBytes(file, CHUNK_BYTES)));
}
