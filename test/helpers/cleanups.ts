/** Cleanups a test file registers as it goes (servers, apps, processes, clients), run latest first, one at a time. */
import { afterAll, afterEach } from 'vitest';

export type Cleanup = () => Promise<unknown>;

function runLatestFirst(hook: typeof afterEach | typeof afterAll): Cleanup[] {
  const cleanups: Cleanup[] = [];
  hook(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/** A list to push cleanups onto; they run after each test. Call at the top level of the file. */
export function cleanupAfterEach(): Cleanup[] {
  return runLatestFirst(afterEach);
}

/** A list to push cleanups onto; they run once, after the file's last test. Call at the top level of the file. */
export function cleanupAfterAll(): Cleanup[] {
  return runLatestFirst(afterAll);
}
