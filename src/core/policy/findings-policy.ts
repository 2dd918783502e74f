import type { URLPattern } from 'urlpattern-polyfill/urlpattern';
import type { IssueType } from '../issue-types.js';
import { JUDGEMENT_DEFAULTS, type JudgementThresholds } from './judgement-defaults.js';
import type { SeveritySetting } from './policy-schema.js';

/** A compiled allow rule: its patterns ready to test, and the types it silences (absent: all). */
export interface AllowRule {
  readonly from?: URLPattern;
  readonly to?: URLPattern;
  readonly issues?: ReadonlySet<IssueType>;
}

/**
 * A policy validated once and compiled: made by `parsePolicy` or `compilePolicy` (src/core/policy/policy-compile.ts), applied to every analysis given it
 * (`AnalyzeOptions.policy`) by src/core/policy/apply-policy.ts.
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
