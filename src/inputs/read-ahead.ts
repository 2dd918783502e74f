import type { InputItem } from './row.js';

/** An input's items read to the end before they are used, and the error that stopped the reading, if one did. */
export interface ReadAhead {
  items: InputItem[];
  /** Thrown again by {@link replayItems} after the items before it, where the reading met it. */
  error?: unknown;
}

/**
 * Reads every item of a rules file before the run, so that the rules can be looked at as a whole (check's chains
 * between rules) from the same reading the run then uses: a rules file is read once, and held whole anyway. Not for
 * a list, a CSV or a sitemap, which stay streamed.
 */
export async function readAhead(items: AsyncIterable<InputItem>): Promise<ReadAhead> {
  const read: ReadAhead = { items: [] };
  try {
    for await (const item of items) read.items.push(item);
  } catch (error) {
    read.error = error;
  }
  return read;
}

/** The items read ahead, in order, then the error that stopped the reading, as the reader itself would have thrown it. */
export async function* replayItems(read: ReadAhead): AsyncGenerator<InputItem> {
  yield* read.items;
  if ('error' in read) throw read.error;
}
