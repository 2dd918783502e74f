import { Readable } from 'node:stream';
import type { InputItem } from '../../src/inputs/index.js';

/** Everything a reader yields. */
export async function all(items: AsyncIterable<InputItem>): Promise<InputItem[]> {
  const out: InputItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A stream delivering `text` in small chunks, so that lines straddle chunk boundaries. */
export function chunked(text: string, size = 7): Readable {
  const chunks: Buffer[] = [];
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

/** The items in a compact form for assertions: `row line source → target status`, `skip line reason`, `bad line message`. */
export function brief(items: readonly InputItem[]): string[] {
  return items.map((item) => {
    if (item.kind === 'row') {
      const { line, source, target, status } = item.row;
      return `row ${line} ${source} → ${target ?? '-'} ${status ?? '-'}`;
    }
    return item.kind === 'skipped' ? `skip ${item.line} ${item.reason}` : `bad ${item.line} ${item.message}`;
  });
}
