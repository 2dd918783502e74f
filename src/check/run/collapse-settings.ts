import { type FindingsPolicy, JUDGEMENT_DEFAULTS } from '../../core/index.js';
import type { CollapseSettings } from '../collapse.js';

/** Bounds of the collapse threshold (`--collapse-threshold`). */
export const COLLAPSE_THRESHOLD = Object.freeze({ min: 2, max: 1_000_000 });

/**
 * The collapse settings of a run: the `threshold` given (already checked against {@link COLLAPSE_THRESHOLD}), else
 * the policy file's `thresholds.collapseThreshold`, else 10; the severity is the policy's for `redirect_collapse`,
 * else `error` (a run with a collapse fails).
 */
export function collapseSettings(threshold: number | undefined, policy: FindingsPolicy | undefined): CollapseSettings {
  return {
    threshold: threshold ?? policy?.thresholds.collapseThreshold ?? JUDGEMENT_DEFAULTS.collapseThreshold,
    severity: policy?.severity.redirect_collapse ?? 'error',
  };
}
