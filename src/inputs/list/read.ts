import type { Readable } from 'node:stream';
import type { InputItem } from '../row.js';
import { readLineBatches } from '../text/lines.js';
import { type ListState, listItems } from './lines.js';

/**
 * Reads a plain list as it streams, a chunk's lines at a time (a list may be large: it is never read whole), each
 * line read by {@link listItems}.
 */
export async function* readList(stream: Readable, baseUrl?: string): AsyncGenerator<InputItem> {
  const state: ListState = { hinted: false };
  for await (const lines of readLineBatches(stream)) yield* listItems(lines, baseUrl, state);
}
