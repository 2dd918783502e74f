/**
 * A set of URLs whose memory stays flat: each URL is kept as a 64-bit hash (16 hex digits), in memory up to `bound`
 * hashes, then spilled to 256 append-only bucket files (by the hash's first byte) and the memory emptied. A lookup
 * the memory cannot answer reads the one bucket file the hash belongs to. Two URLs share a hash with a chance of about
 * n²/2⁶⁵: one in 36,000 for a million URLs, which would leave one page uncrawled.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const BUCKETS = 256;

export function urlHash(url: string): string {
  return createHash('sha1').update(url).digest('hex').slice(0, 16);
}

export class SpillingSet {
  private memory = new Set<string>();
  private readonly spilled = new Uint32Array(BUCKETS);
  private count = 0;
  /** Times the memory was spilled to disk (for tests and the run's figures). */
  spills = 0;

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly bound: number,
  ) {
    for (let bucket = 0; bucket < BUCKETS; bucket++) rmSync(this.file(bucket), { force: true });
  }

  get size(): number {
    return this.count;
  }

  private file(bucket: number): string {
    return join(this.dir, `${this.name}-${bucket.toString(16).padStart(2, '0')}.hashes`);
  }

  has(url: string): boolean {
    return this.hasHash(urlHash(url));
  }

  private hasHash(hash: string): boolean {
    if (this.memory.has(hash)) return true;
    const bucket = Number.parseInt(hash.slice(0, 2), 16);
    if (this.spilled[bucket] === 0) return false;
    const file = this.file(bucket);
    // Every line is 16 hex digits and a newline, so a match of `hash\n` is a whole line.
    return existsSync(file) && readFileSync(file, 'latin1').includes(`${hash}\n`);
  }

  /** Adds `url`; false when it was there already. */
  add(url: string): boolean {
    const hash = urlHash(url);
    if (this.hasHash(hash)) return false;
    this.memory.add(hash);
    this.count++;
    if (this.memory.size >= this.bound) this.spill();
    return true;
  }

  private spill(): void {
    const lines: string[][] = Array.from({ length: BUCKETS }, () => []);
    for (const hash of this.memory) lines[Number.parseInt(hash.slice(0, 2), 16)]!.push(`${hash}\n`);
    for (const [bucket, hashes] of lines.entries()) {
      if (hashes.length === 0) continue;
      appendFileSync(this.file(bucket), hashes.join(''));
      this.spilled[bucket]! += hashes.length;
    }
    this.memory = new Set();
    this.spills++;
  }
}
