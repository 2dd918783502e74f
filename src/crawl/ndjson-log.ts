/**
 * An append-only file of JSON records, one a line, read back in order by a cursor: the crawl's frontier and its
 * records live in such files, so that a queue of a million URLs costs no memory and survives the process. A record is
 * appended with one write; a last line cut short by a crash is skipped when read.
 */
import { appendFileSync, closeSync, createReadStream, existsSync, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';

const CHUNK = 256 * 1024;

export class NdjsonLog<T> {
  private offset = 0;
  private pending = '';
  private buffer: Buffer | undefined;
  /** A character cut between two reads is completed by the next. */
  private readonly decoder = new StringDecoder('utf8');

  constructor(readonly path: string) {}

  append(records: readonly T[]): void {
    if (records.length === 0) return;
    appendFileSync(this.path, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  }

  /** Up to `max` records the cursor has not yet read (fewer, or none, at the end of the file). */
  next(max: number): T[] {
    const records: T[] = [];
    let fd: number | undefined;
    try {
      while (records.length < max) {
        const newline = this.pending.indexOf('\n');
        if (newline !== -1) {
          const line = this.pending.slice(0, newline);
          this.pending = this.pending.slice(newline + 1);
          const record = parse<T>(line);
          if (record !== undefined) records.push(record);
          continue;
        }
        // The file is opened only once the lines already read are used up, and the read buffer is made once: the
        // frontier is read a few records at a time, and a fresh 256 KiB buffer each time was a tenth of a crawl's CPU.
        if (fd === undefined) {
          if (!existsSync(this.path)) break;
          fd = openSync(this.path, 'r');
        }
        this.buffer ??= Buffer.allocUnsafe(CHUNK);
        const read = readSync(fd, this.buffer, 0, CHUNK, this.offset);
        if (read === 0) break;
        this.offset += read;
        this.pending += this.decoder.write(this.buffer.subarray(0, read));
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return records;
  }

  /**
   * Every record with the byte offset of its line, from the start: a reader that keeps only the offsets of the
   * records it wants reads each back with {@link at}, instead of holding them.
   */
  async *withOffsets(): AsyncGenerator<[T, number]> {
    if (!existsSync(this.path)) return;
    let offset = 0;
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(this.path, { highWaterMark: CHUNK })) {
      let bytes = rest.length === 0 ? (chunk as Buffer) : Buffer.concat([rest, chunk as Buffer]);
      for (let newline = bytes.indexOf(10); newline !== -1; newline = bytes.indexOf(10)) {
        const record = parse<T>(bytes.toString('utf8', 0, newline));
        if (record !== undefined) yield [record, offset];
        offset += newline + 1;
        bytes = bytes.subarray(newline + 1);
      }
      rest = Buffer.from(bytes);
    }
  }

  /** The record whose line starts at `offset` (one given by {@link withOffsets}). */
  at(offset: number): T | undefined {
    const fd = openSync(this.path, 'r');
    try {
      const parts: Buffer[] = [];
      this.buffer ??= Buffer.allocUnsafe(CHUNK);
      for (let at = offset; ; ) {
        const read = readSync(fd, this.buffer, 0, CHUNK, at);
        if (read === 0) break;
        const newline = this.buffer.subarray(0, read).indexOf(10);
        parts.push(Buffer.from(this.buffer.subarray(0, newline === -1 ? read : newline)));
        if (newline !== -1) break;
        at += read;
      }
      return parse<T>(Buffer.concat(parts).toString('utf8'));
    } finally {
      closeSync(fd);
    }
  }

  /** Every record, from the start. */
  async *all(): AsyncGenerator<T> {
    if (!existsSync(this.path)) return;
    const lines = createInterface({ input: createReadStream(this.path, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      const record = parse<T>(line);
      if (record !== undefined) yield record;
    }
  }
}

function parse<T>(line: string): T | undefined {
  if (line === '') return undefined;
  try {
    return JSON.parse(line) as T;
  } catch {
    return undefined;
  }
}
