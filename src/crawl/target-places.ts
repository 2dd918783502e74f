/**
 * Where each analysed URL with a problem is kept in the store, looked up by the URL's 64-bit hash: the report's index
 * of problem targets. Kept in typed arrays (the hash's halves and the place, 16 bytes a target, no object or boxed
 * number each), sorted once all are added and searched by halves. A `Map` from a 53-bit key to a place held, at the
 * benchmark's 100,000-page site, a 3.7 MB table and 90,000 boxed keys (1.3 MB) in V8's heap (heap snapshots, issue
 * 31); this holds 1.5 MB outside it.
 */
import { urlHash } from './spilling-set.js';

const START = 1024;

export class TargetPlaces {
  /** hi and lo of each hash, side by side; sorted by (hi, lo) once {@link seal} ran. */
  private keys = new Uint32Array(START * 2);
  private places = new Float64Array(START);
  private count = 0;
  private sealed = false;

  get size(): number {
    return this.count;
  }

  /** Bytes the index holds. */
  get bytes(): number {
    return this.keys.byteLength + this.places.byteLength;
  }

  add(url: string, place: number): void {
    // Added after a seal, the index is sorted again at the next lookup.
    this.sealed = false;
    if (this.count === this.places.length) this.grow(Math.max(START, this.places.length * 2));
    const [hi, lo] = urlHash(url);
    this.keys[this.count * 2] = hi;
    this.keys[this.count * 2 + 1] = lo;
    this.places[this.count] = place;
    this.count++;
  }

  /** Sorts the index for lookups and gives back its spare room. */
  seal(): void {
    if (this.sealed) return;
    const { keys, places } = this;
    const order = new Uint32Array(this.count);
    for (let i = 0; i < order.length; i++) order[i] = i;
    order.sort((a, b) => keys[a * 2]! - keys[b * 2]! || keys[a * 2 + 1]! - keys[b * 2 + 1]!);
    const sortedKeys = new Uint32Array(this.count * 2);
    const sortedPlaces = new Float64Array(this.count);
    for (const [i, from] of order.entries()) {
      sortedKeys[i * 2] = keys[from * 2]!;
      sortedKeys[i * 2 + 1] = keys[from * 2 + 1]!;
      sortedPlaces[i] = places[from]!;
    }
    this.keys = sortedKeys;
    this.places = sortedPlaces;
    this.sealed = true;
  }

  /** The place of the URL's hash, or undefined (a URL sharing the hash is told apart by the record read there). */
  get(url: string): number | undefined {
    this.seal();
    const [hi, lo] = urlHash(url);
    const { keys } = this;
    let first = 0;
    let last = this.count - 1;
    while (first <= last) {
      const middle = (first + last) >>> 1;
      const h = keys[middle * 2]!;
      const l = keys[middle * 2 + 1]!;
      if (h === hi && l === lo) return this.places[middle];
      if (h < hi || (h === hi && l < lo)) first = middle + 1;
      else last = middle - 1;
    }
    return undefined;
  }

  private grow(capacity: number): void {
    const keys = new Uint32Array(capacity * 2);
    keys.set(this.keys);
    const places = new Float64Array(capacity);
    places.set(this.places);
    this.keys = keys;
    this.places = places;
  }
}
