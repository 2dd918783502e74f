/** Shared pieces of the core tests: the loopback policy, injected resolvers and error assertions. */
import { expect } from 'vitest';
import {
  type AnalyzeOptions,
  type ErrorCode,
  HoplensError,
  type ResolvedAddress,
  type Resolver,
} from '../../../src/index.js';

/** The local test servers live on loopback, which the default policy refuses: these options let them be reached. */
export const LOOPBACK: AnalyzeOptions = Object.freeze({ allowNetworks: ['127.0.0.0/8', '::1/128'] });

/** The smallest per-hop timeout the options allow, for tests that wait for one to fire. */
export const SHORT_TIMEOUT = 1_000;

function familyOf(address: string): 4 | 6 {
  return address.includes(':') ? 6 : 4;
}

/** A resolver with a call log. */
export interface RecordingResolver extends Resolver {
  /** Every name asked for, in order. */
  calls: string[];
}

/**
 * A resolver answering from a fixed table; names not in it fail like getaddrinfo does (ENOTFOUND).
 * A value may be a function of the call number (0-based, per name), for answers that change over time.
 */
export function tableResolver(
  table: Record<string, string | string[] | ((call: number) => string | string[])>,
): RecordingResolver {
  const calls: string[] = [];
  const counts = new Map<string, number>();
  const resolver = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const call = counts.get(hostname) ?? 0;
    counts.set(hostname, call + 1);
    const entry = table[hostname];
    if (entry === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    }
    const answer = typeof entry === 'function' ? entry(call) : entry;
    return (Array.isArray(answer) ? answer : [answer]).map((address) => ({ address, family: familyOf(address) }));
  };
  return Object.assign(resolver, { calls });
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
