/** The signals that interrupt a command (main.ts). */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs `work` with Ctrl-C and SIGTERM left to their default action, which ends the process at once, whatever the
 * thread is doing. For work that holds the thread without writing anything (lint matching a rules file's regular
 * expressions: bounded in steps, src/inputs/patterns/server-regex.ts, but a second or more on a loaded machine), the
 * usual handlers (main.ts: abort, print what was done) could run only after it, and there is nothing to print yet.
 * The handlers are put back afterwards, so that output is written and ended as usual.
 */
export async function withDefaultSignals<T>(work: () => Promise<T>): Promise<T> {
  const saved = SIGNALS.map((signal) => ({ signal, listeners: process.listeners(signal) }));
  // With no listener left, Node stops catching the signal and its default action applies.
  for (const { signal, listeners } of saved) for (const listener of listeners) process.removeListener(signal, listener);
  try {
    return await work();
  } finally {
    for (const { signal, listeners } of saved) for (const listener of listeners) process.on(signal, listener);
  }
}
