/**
 * A set of URLs whose memory stays flat: each URL is kept as a 64-bit hash, in memory (src/crawl/hash-table.ts, 8
 * bytes a hash, at most twice that in slots) up to `bound` hashes, then spilled to disk as a sorted run of binary
 * hashes and the memory emptied. Each run keeps in memory the first hash of each of its 4 KiB blocks (8 bytes per
 * 512 hashes), so a lookup the memory cannot answer reads one block of each run, never a whole file. Two URLs share a hash
 * with a chance of about n²/2⁶⁵: one in 36,000 for a million URLs, which would leave one page uncrawled.
 */
import { hash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HashTable } from './hash-table.js';

/** The URL's 64-bit hash as two 32-bit halves: the first 8 bytes of its SHA-1. */
export function urlHash(url: string): [hi: number, lo: number] {
  // The one-shot form: about half the time of createHash().update().digest() for a URL-sized input.
  const digest = hash('sha1', url, 'buffer');
  return [digest.readUInt32BE(0), digest.readUInt32BE(4)];
}

/** Hashes in a block of a run: 4 KiB read at once. */
const BLOCK = 512;

/** A spilled run: `count` hashes sorted by (hi, lo), 8 bytes each, big-endian, in an open file. */
interface Run {
  readonly fd: number;
  readonly count: number;
  /** The first hash (hi, lo) of each block. */
  readonly fences: Uint32Array;
}

/** Whether (hi, lo) sorts before (h, l). */
function before(hi: number, lo: number, h: number, l: number): boolean {
  return hi < h || (hi === h && lo < l);
}

export class SpillingSet {
  private readonly memory = new HashTable();
  private readonly runs: Run[] = [];
  private readonly block = Buffer.alloc(BLOCK * 8);
  private count = 0;
  /** Times the memory was spilled to disk (for tests and the run's figures). */
  spills = 0;

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly bound: number,
  ) {
    // A run belongs to one process's set: a resumed store rebuilds its sets from its logs.
    const prefix = `${name}-`;
    for (const file of readdirSync(dir)) {
      if (file.startsWith(prefix) && file.endsWith('.hashes')) rmSync(join(dir, file), { force: true });
    }
  }

  get size(): number {
    return this.count;
  }

  /** Bytes the set holds in memory. */
  get bytes(): number {
    return this.memory.bytes;
  }

  has(url: string): boolean {
    const [hi, lo] = urlHash(url);
    return this.hasHash(hi, lo);
  }

  /** Adds `url`; false when it was there already. */
  add(url: string): boolean {
    const [hi, lo] = urlHash(url);
    if (this.hasHash(hi, lo)) return false;
    this.memory.add(hi, lo);
    this.count++;
    if (this.memory.size >= this.bound) this.spill();
    return true;
  }

  /** Closes the runs' files (they are removed when the set is made again). */
  close(): void {
    for (const run of this.runs.splice(0)) closeSync(run.fd);
  }

  private hasHash(hi: number, lo: number): boolean {
    if (this.memory.has(hi, lo)) return true;
    for (const run of this.runs) if (this.inRun(run, hi, lo)) return true;
    return false;
  }

  /** The run's block that would hold the hash (by its fences, in memory), read and searched by halves. */
  private inRun(run: Run, hi: number, lo: number): boolean {
    const { fences } = run;
    let low = 0;
    let high = fences.length / 2 - 1;
    // The last block whose first hash is not after the one looked for.
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (before(hi, lo, fences[middle * 2]!, fences[middle * 2 + 1]!)) high = middle - 1;
      else low = middle;
    }
    if (before(hi, lo, fences[0]!, fences[1]!)) return false;
    const count = Math.min(BLOCK, run.count - low * BLOCK);
    readSync(run.fd, this.block, 0, count * 8, low * BLOCK * 8);
    let first = 0;
    let last = count - 1;
    while (first <= last) {
      const middle = (first + last) >>> 1;
      const h = this.block.readUInt32BE(middle * 8);
      const l = this.block.readUInt32BE(middle * 8 + 4);
      if (h === hi && l === lo) return true;
      if (before(h, l, hi, lo)) first = middle + 1;
      else last = middle - 1;
    }
    return false;
  }

  private spill(): void {
    const sorted = this.memory.sorted();
    const bytes = Buffer.alloc(sorted.length * 4);
    for (let i = 0; i < sorted.length; i++) bytes.writeUInt32BE(sorted[i]!, i * 4);
    const file = join(this.dir, `${this.name}-${this.runs.length}.hashes`);
    writeFileSync(file, bytes);
    const count = sorted.length / 2;
    const fences = new Uint32Array(Math.ceil(count / BLOCK) * 2);
    for (let block = 0; block * BLOCK < count; block++) {
      fences[block * 2] = sorted[block * BLOCK * 2]!;
      fences[block * 2 + 1] = sorted[block * BLOCK * 2 + 1]!;
    }
    this.runs.push({ fd: openSync(file, 'r'), count, fences });
    this.memory.clear();
    this.spills++;
  }
}
