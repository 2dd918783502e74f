/** Waiting for a condition the test cannot await directly: poll it until it holds or time runs out. */

/**
 * Polls `check` every `everyMs` until it holds: true then, or false once `timeoutMs` has passed without it holding.
 * For tests that assert on the outcome themselves.
 */
export async function becomes(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 10,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return true;
}

/** Like {@link becomes}, but rejects (`condition not met within … ms`) when time runs out. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, everyMs = 10): Promise<void> {
  if (!(await becomes(check, timeoutMs, everyMs))) throw new Error(`condition not met within ${timeoutMs} ms`);
}
