/**
 * Runs `work` on each item, at most `concurrency` at once, and resolves with the results in the items' order;
 * `done` is told after each one finishes (how many have), for progress.
 */
export async function inOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
  done: (count: number) => Promise<void>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
      await done(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
