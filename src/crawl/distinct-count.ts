/**
 * How many distinct strings were seen, in a few bytes each: a 53-bit hash of each (two FNV-1a lanes) kept instead of
 * the string, so that counting the distinct URLs a million links point at holds numbers, not a million URLs. Two
 * different URLs share a hash with odds of about n² / 2^54 (under one in a thousand for 3 million URLs): the count
 * may then be one short, never more.
 */
export class DistinctCount {
  private readonly seen = new Set<number>();

  add(text: string): void {
    let low = 0x811c9dc5;
    let high = 0x050c5d1f;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      low = Math.imul(low ^ unit, 0x01000193);
      high = Math.imul(high ^ unit, 0x01000193) ^ (low >>> 15);
    }
    this.seen.add((high >>> 11) * 0x1_0000_0000 + (low >>> 0));
  }

  get size(): number {
    return this.seen.size;
  }
}
