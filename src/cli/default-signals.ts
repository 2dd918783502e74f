/** The signals that interrupt a command (main.ts). */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Two turns of the event loop. A signal that came while the thread was busy waits in libuv's signal pipe until a poll
 * phase reads it; removing the last listener first closes that pipe's watcher and drops the signal (a SIGTERM sent
 * while the bundle loaded was lost, and lint ran to its end with status 0 on a loaded CI machine). The first turn may
 * end in the check phase of a loop iteration whose poll had already run; the second includes a fresh poll.
 */
async function handlePendingSignals(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `work` with Ctrl-C and SIGTERM left to their default action, which ends the process at once, whatever the
 * thread is doing. For work that holds the thread without writing anything (lint matching a rules file's regular
 * expressions: bounded in steps, src/inputs/patterns/server-regex.ts, but a second or more on a loaded machine), the
 * usual handlers (main.ts: abort, print what was done) could run only after it, and there is nothing to print yet.
 * The handlers are put back afterwards, so that output is written and ended as usual.
 *
 * Answers `undefined`, without starting `work`, when `interrupt` is already aborted once the signals that had come
 * were handled.
 */
export async function withDefaultSignals<T>(work: () => Promise<T>, interrupt?: AbortSignal): Promise<T | undefined> {
  await handlePendingSignals();
  if (interrupt?.aborted) return undefined;
  const saved = SIGNALS.map((signal) => ({ signal, listeners: process.listeners(signal) }));
  // With no listener left, Node stops catching the signal and its default action applies.
  for (const { signal, listeners } of saved) for (const listener of listeners) process.removeListener(signal, listener);
  try {
    return await work();
  } finally {
    for (const { signal, listeners } of saved) for (const listener of listeners) process.on(signal, listener);
  }
}
