import type { Readable } from 'node:stream';
import type { InputItem } from '../row.js';
import { readLineBatches } from '../text/lines.js';
import type { SourceReadOptions } from '../text/urls.js';
import { type ListState, listItems } from './lines.js';

/**
 * Reads a plain list as it streams, a chunk's lines at a time (a list may be large: it is never read whole), each
 * line read by {@link listItems}.
 */
export async function* readList(
  stream: Readable,
  baseUrl?: string,
  sourceOptions: SourceReadOptions = {},
): AsyncGenerator<InputItem> {
  const state: ListState = { hinted: false };
  for await (const lines of readLineBatches(stream)) {
    // One item at a time, as yield* over the array would add an await per item.
    for (const item of listItems(lines, baseUrl, state, sourceOptions)) yield item;
  }
}
