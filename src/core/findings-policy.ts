import type { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { JUDGEMENT_DEFAULTS, type JudgementThresholds } from './judgement-defaults.js';
import type { SeveritySetting } from './policy-schema.js';
import type { IssueType } from './types.js';

/** A compiled allow rule: its patterns ready to test, and the types it silences (absent: all). */
export interface AllowRule {
  readonly from?: URLPattern;
  readonly to?: URLPattern;
  readonly issues?: ReadonlySet<IssueType>;
}

/**
 * A policy validated once and compiled: made by `parsePolicy` or {@link compilePolicy}, applied to every analysis given it
 * (`AnalyzeOptions.policy`) by src/core/apply-policy.ts.
 */
export interface FindingsPolicy {
  readonly kind: 'hoplens-policy';
  readonly severity: Readonly<Partial<Record<IssueType, SeveritySetting>>>;
  readonly allow: readonly AllowRule[];
  /** Every threshold, the file's over {@link JUDGEMENT_DEFAULTS}. */
  readonly thresholds: JudgementThresholds;
}

/** The policy of an analysis given none: detectors' own severities, nothing allowed, default thresholds. */
export const NO_POLICY: FindingsPolicy = Object.freeze({
  kind: 'hoplens-policy',
  severity: Object.freeze({}),
  allow: Object.freeze([]),
  thresholds: JUDGEMENT_DEFAULTS,
});

/** Whether `value` is a policy already compiled (not compiled again). */
export function isPolicy(value: unknown): value is FindingsPolicy {
  return typeof value === 'object' && value !== null && (value as Partial<FindingsPolicy>).kind === 'hoplens-policy';
}

/**
 * `parsePolicy` (src/core/policy-parse.ts), with the validator loaded on first use: the schema validator and the URL pattern compiler are
 * a large share of what a command that reads no policy file would otherwise load at start-up (BENCHMARKS.md, the
 * start-up workload), so the code that may run without a policy reaches them through this function.
 */
export async function compilePolicy(value: unknown): Promise<FindingsPolicy> {
  if (isPolicy(value)) return value;
  const { parsePolicy } = await import('./policy-parse.js');
  return parsePolicy(value);
}

/** `policyFromJson` (src/core/policy-parse.ts), with the validator loaded on first use (see {@link compilePolicy}). */
export async function compilePolicyJson(text: string): Promise<FindingsPolicy> {
  const { policyFromJson } = await import('./policy-parse.js');
  return policyFromJson(text);
}
