import type { InputItem } from '../check/row.js';

/**
 * Passes the items on, turning a row whose source an earlier row already checks into a skipped item: the first rule
 * for a URL is the one that answers it (first match wins), so a later one is dead and checking it would only
 * report the earlier rule's behaviour against the wrong expectation.
 */
export async function* skipShadowed(items: AsyncIterable<InputItem>): AsyncGenerator<InputItem> {
  const first = new Map<string, number>();
  for await (const item of items) {
    if (item.kind === 'row') {
      const earlier = first.get(item.row.source);
      if (earlier !== undefined) {
        yield { kind: 'skipped', line: item.row.line, text: item.row.source, reason: `shadowed by line ${earlier}` };
        continue;
      }
      first.set(item.row.source, item.row.line);
    }
    yield item;
  }
}
