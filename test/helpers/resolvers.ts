/** Injected DNS for the core and hardening tests: answers from a table, so no test ever asks a real resolver. */
import type { ResolvedAddress, Resolver } from '../../src/core/types.js';

/** A resolver with a log of the names it was asked for. */
export interface TableResolver extends Resolver {
  readonly calls: string[];
}

type Answer = string | string[];

/**
 * Answers from `table`; a value may be a function of the call number (0-based, per name) for answers that change
 * (DNS rebinding). Names not in the table get `fallback` when given, else fail with ENOTFOUND like getaddrinfo.
 */
export function tableResolver(table: Record<string, Answer | ((call: number) => Answer)>, fallback?: Answer) {
  const calls: string[] = [];
  const counts = new Map<string, number>();
  const resolver = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const call = counts.get(hostname) ?? 0;
    counts.set(hostname, call + 1);
    const entry = table[hostname] ?? fallback;
    if (entry === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    }
    const answer = typeof entry === 'function' ? entry(call) : entry;
    return (Array.isArray(answer) ? answer : [answer]).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
  return Object.assign(resolver, { calls }) as TableResolver;
}
