/**
 * A set of 64-bit hashes in one typed array (open addressing, linear probing): 8 bytes a hash and no object per
 * entry, where a `Set` of 16-digit hex strings cost about ten times that and a garbage-collected string each. It grows
 * by doubling, so that it stays at most half full, up to the capacity its owner bounds it to. A hash is two 32-bit
 * halves; (0, 0) marks an empty slot, so a hash of that value is stored as (0, 1) (one more collision in 2⁶⁴).
 */
const START_SLOTS = 1024;

export class HashTable {
  /** hi and lo of each slot, side by side. */
  private slots = new Uint32Array(START_SLOTS * 2);
  private mask = START_SLOTS - 1;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Bytes the table holds (its array): what a seen set costs in memory. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  has(hi: number, lo: number): boolean {
    if (hi === 0 && lo === 0) lo = 1;
    const { slots, mask } = this;
    for (let slot = (lo ^ hi) & mask; ; slot = (slot + 1) & mask) {
      const at = slot * 2;
      const h = slots[at]!;
      const l = slots[at + 1]!;
      if (h === 0 && l === 0) return false;
      if (h === hi && l === lo) return true;
    }
  }

  /** Adds the hash; false when it was there already. */
  add(hi: number, lo: number): boolean {
    if (hi === 0 && lo === 0) lo = 1;
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    const { slots, mask } = this;
    for (let slot = (lo ^ hi) & mask; ; slot = (slot + 1) & mask) {
      const at = slot * 2;
      const h = slots[at]!;
      const l = slots[at + 1]!;
      if (h === hi && l === lo) return false;
      if (h === 0 && l === 0) {
        slots[at] = hi;
        slots[at + 1] = lo;
        this.count++;
        return true;
      }
    }
  }

  /** Every hash, as hi/lo pairs sorted by (hi, lo): a spill's run, searchable by halves. */
  sorted(): Uint32Array {
    const pairs: number[] = [];
    const { slots } = this;
    for (let at = 0; at < slots.length; at += 2) {
      if (slots[at] !== 0 || slots[at + 1] !== 0) pairs.push(at);
    }
    pairs.sort((a, b) => slots[a]! - slots[b]! || slots[a + 1]! - slots[b + 1]!);
    const out = new Uint32Array(pairs.length * 2);
    for (const [i, at] of pairs.entries()) {
      out[i * 2] = slots[at]!;
      out[i * 2 + 1] = slots[at + 1]!;
    }
    return out;
  }

  /** Empties the table and gives its memory back. */
  clear(): void {
    this.slots = new Uint32Array(START_SLOTS * 2);
    this.mask = START_SLOTS - 1;
    this.count = 0;
  }

  private grow(): void {
    const old = this.slots;
    const size = (this.mask + 1) * 2;
    this.slots = new Uint32Array(size * 2);
    this.mask = size - 1;
    this.count = 0;
    for (let at = 0; at < old.length; at += 2) {
      const hi = old[at]!;
      const lo = old[at + 1]!;
      if (hi !== 0 || lo !== 0) this.add(hi, lo);
    }
  }
}
