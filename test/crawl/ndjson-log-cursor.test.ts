/**
 * NdjsonLog's cursor (src/crawl/ndjson-log.ts) reads the lines it has buffered before it opens the file again and
 * keeps one read buffer: records appended between reads, lines longer than the buffer and a multi-byte character cut
 * by a read boundary must all come back whole and in order.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NdjsonLog } from '../../src/crawl/ndjson-log.js';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});
function log<T>(): NdjsonLog<T> {
  dir = mkdtempSync(join(tmpdir(), 'ndjson-cursor-'));
  return new NdjsonLog<T>(join(dir, 'log.ndjson'));
}

describe('NdjsonLog cursor', () => {
  it('gives nothing for a file not yet written, then what is appended, in order, a few at a time', () => {
    const records = log<{ n: number }>();
    expect(records.next(5)).toEqual([]);
    records.append(Array.from({ length: 10 }, (_, n) => ({ n })));
    expect(records.next(3).map((r) => r.n)).toEqual([0, 1, 2]);
    records.append([{ n: 10 }]);
    expect(records.next(100).map((r) => r.n)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(records.next(5)).toEqual([]);
    records.append([{ n: 11 }]);
    expect(records.next(5)).toEqual([{ n: 11 }]);
  });

  it('reads lines longer than its 256 KiB buffer, and characters cut by a read boundary, whole', () => {
    const records = log<{ text: string }>();
    // 'é' is two bytes in UTF-8: an odd prefix puts one of them across the 256 KiB boundary.
    const long = `x${'é'.repeat(200_000)}`;
    records.append([{ text: long }, { text: 'after' }]);
    expect(records.next(2)).toEqual([{ text: long }, { text: 'after' }]);
  });

  it('leaves a last line cut short (a crash mid-write) until it is finished', () => {
    const records = log<{ n: number }>();
    records.append([{ n: 1 }]);
    appendFileSync(records.path, '{"n":');
    expect(records.next(5)).toEqual([{ n: 1 }]);
    appendFileSync(records.path, '2}\n');
    expect(records.next(5)).toEqual([{ n: 2 }]);
  });
});
