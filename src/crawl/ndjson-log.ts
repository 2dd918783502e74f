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
    if (!existsSync(this.path)) return records;
    const fd = openSync(this.path, 'r');
    try {
      const buffer = Buffer.alloc(CHUNK);
      while (records.length < max) {
        const newline = this.pending.indexOf('\n');
        if (newline !== -1) {
          const line = this.pending.slice(0, newline);
          this.pending = this.pending.slice(newline + 1);
          const record = parse<T>(line);
          if (record !== undefined) records.push(record);
          continue;
        }
        const read = readSync(fd, buffer, 0, CHUNK, this.offset);
        if (read === 0) break;
        this.offset += read;
        this.pending += this.decoder.write(buffer.subarray(0, read));
      }
    } finally {
      closeSync(fd);
    }
    return records;
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
