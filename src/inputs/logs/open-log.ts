import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { damagedGzip, noStdin, unreadableLog } from './log-errors.js';

/** Bytes read from a file at a time: large reads are fewer trips through the stream machinery per line. */
const CHUNK_BYTES = 256 * 1024;

const asBuffer = (chunk: unknown): Buffer => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));

/** Whether bytes begin with gzip's magic number (RFC 1952, section 2.3.1: 0x1f 0x8b). */
export function isGzipStart(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The stream's bytes, inflated when they begin as gzip does (told by content, whatever the name says). */
async function* plainBytes(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const start: Buffer[] = [];
  let size = 0;
  let done = false;
  // Two bytes tell gzip; a stream may give fewer in its first chunk.
  while (size < 2 && !done) {
    const next = await iterator.next();
    if (next.done === true) done = true;
    else {
      start.push(asBuffer(next.value));
      size += start[start.length - 1]!.length;
    }
  }
  const head = Buffer.concat(start);
  async function* raw(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    for (let next = done ? undefined : await iterator.next(); next !== undefined && next.done !== true; ) {
      yield asBuffer(next.value);
      next = await iterator.next();
    }
  }
  if (!isGzipStart(head)) return yield* raw();
  const gunzip = Readable.from(raw()).pipe(createGunzip({ chunkSize: CHUNK_BYTES }));
  for await (const chunk of gunzip) yield chunk as Buffer;
}

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
    return Readable.from(reported(path, plainBytes(stdin as AsyncIterable<unknown>)));
  }
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw unreadableLog(path, error);
  }
  const file = handle.createReadStream({ highWaterMark: CHUNK_BYTES });
  return Readable.from(reported(path, plainBytes(file)));
}
