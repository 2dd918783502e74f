/**
 * Compiling a findings policy with the file's validator loaded on first use, apart from the policy's types so that
 * the validator, which imports them, is no circle with them.
 */
import { type FindingsPolicy, isPolicy } from './findings-policy.js';

/**
 * `parsePolicy` (src/core/policy/policy-parse.ts), with the validator loaded on first use: the schema validator and the URL pattern compiler are
 * a large share of what a command that reads no policy file would otherwise load at start-up (BENCHMARKS.md, the
 * start-up workload), so the code that may run without a policy reaches them through this function.
 */
export async function compilePolicy(value: unknown): Promise<FindingsPolicy> {
  if (isPolicy(value)) return value;
  const { parsePolicy } = await import('./policy-parse.js');
  return parsePolicy(value);
}

/** `policyFromJson` (src/core/policy/policy-parse.ts), with the validator loaded on first use (see {@link compilePolicy}). */
export async function compilePolicyJson(text: string): Promise<FindingsPolicy> {
  const { policyFromJson } = await import('./policy-parse.js');
  return policyFromJson(text);
}
