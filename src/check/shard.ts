import type { InputItem } from '../inputs/index.js';

/** One of N equal parts of a run (`--shard K/N`): K from 1 to N. */
export interface Shard {
  index: number;
  count: number;
}

/** Largest N of `--shard K/N`. */
export const MAX_SHARDS = 1024;

/** Reads `K/N` (1 ≤ K ≤ N ≤ {@link MAX_SHARDS}), or undefined when the text is not one. */
export function parseShard(text: string): Shard | undefined {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  if (match === null) return undefined;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && count <= MAX_SHARDS && index <= count ? { index, count } : undefined;
}

/**
 * The shard (1 to `count`) a key falls in: 32-bit FNV-1a of its UTF-16 code units. It depends on the key alone, so
 * that N jobs reading the same input agree on who checks what without talking to each other, on any machine.
 */
export function shardOf(key: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at++) {
    hash ^= key.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % count) + 1;
}

/**
 * Keeps the items of one shard: a row by its source URL, a skipped rule by its text, so that merging the shards'
 * reports counts each once. Invalid lines are kept by every shard: a malformed input fails every job, as it would
 * fail the run whole.
 */
export async function* shardItems(items: AsyncIterable<InputItem>, shard: Shard): AsyncGenerator<InputItem> {
  for await (const item of items) {
    if (item.kind === 'invalid') yield item;
    else if (shardOf(item.kind === 'row' ? item.row.source : item.text, shard.count) === shard.index) yield item;
  }
}
