/**
 * Shared pieces of the core tests: the loopback policy, closing what a test started, and error assertions. The
 * injected resolver is in test/helpers/resolvers.ts.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { type AnalyzeOptions, type ErrorCode, HoplensError } from '../../../src/index.js';

/**
 * The local test servers live on loopback, which the default policy refuses: these options let them be reached. They
 * also leave robots.txt unread, so that each server sees only the chain's own requests; test/core/robots.test.ts
 * turns it back on.
 */
export const LOOPBACK: AnalyzeOptions = Object.freeze({ allowNetworks: ['127.0.0.0/8', '::1/128'], robots: false });

/** The smallest per-hop timeout the options allow, for tests that wait for one to fire. */
export const SHORT_TIMEOUT = 1_000;

interface Closeable {
  close(): Promise<void>;
}

/**
 * The lifecycle of a core test file that starts servers: whatever is handed to the returned `track` (a server, an
 * analyzer, or a promise of one) is closed after each test, all at once; `analyzer`, when given, after the file.
 * Call it at the top level of the file.
 */
export function closeAfterEach(analyzer?: Closeable): <T extends Closeable>(thing: T | Promise<T>) => Promise<T> {
  const closers: Closeable[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((closer) => closer.close()));
  });
  if (analyzer !== undefined) afterAll(() => analyzer.close());
  return async (thing) => {
    const started = await thing;
    closers.push(started);
    return started;
  };
}

/** Awaits a promise that must reject with a HoplensError of `code`, and returns the error. */
export async function rejection(promise: Promise<unknown>, code: ErrorCode): Promise<HoplensError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HoplensError);
    const failure = error as HoplensError;
    expect({ code: failure.code, message: failure.message }).toMatchObject({ code });
    return failure;
  }
  throw new Error(`expected a ${code} rejection, got a result: ${JSON.stringify(outcome).slice(0, 300)}`);
}

/** Milliseconds since `started` (a `performance.now()` reading). */
export function since(started: number): number {
  return performance.now() - started;
}
