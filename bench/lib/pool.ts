/** Runs `work` over `items` with at most `concurrency` in flight. */
export async function runPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(workers);
}
