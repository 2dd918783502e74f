/**
 * Merges sorted streams of records into one sorted by `line`, taking one record at a time from each: memory holds one
 * record per stream, whatever their sizes. Ties keep the streams' order (the first file's record first).
 */
export async function* mergeByLine<T extends { line: number }>(
  sources: ReadonlyArray<AsyncIterable<T>>,
): AsyncGenerator<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  const heads: Array<T | undefined> = await Promise.all(
    iterators.map(async (iterator) => (await iterator.next()).value as T | undefined),
  );
  for (;;) {
    let pick = -1;
    for (const [index, head] of heads.entries()) {
      if (head !== undefined && (pick === -1 || head.line < heads[pick]!.line)) pick = index;
    }
    if (pick === -1) return;
    yield heads[pick]!;
    const next = await iterators[pick]!.next();
    heads[pick] = next.done === true ? undefined : next.value;
  }
}
