import type { CollapseSettings } from '../../check/index.js';
import { type FindingsPolicy, JUDGEMENT_DEFAULTS } from '../../core/index.js';
import { integerFlag } from '../analysis-options.js';

export type { CollapseSettings };

/** Bounds of `--collapse-threshold`. */
export const COLLAPSE_THRESHOLD = Object.freeze({ min: 2, max: 1_000_000 });

/**
 * The collapse settings of a run: `--collapse-threshold`, else the policy file's `thresholds.collapseThreshold`, else
 * 10; the severity is the policy's for `redirect_collapse`, else `error` (a run with a collapse fails). Throws the
 * usage error of a bad flag.
 */
export function collapseSettings(flag: string | undefined, policy: FindingsPolicy | undefined): CollapseSettings {
  const threshold =
    integerFlag('--collapse-threshold', flag, COLLAPSE_THRESHOLD.min, COLLAPSE_THRESHOLD.max) ??
    policy?.thresholds.collapseThreshold ??
    JUDGEMENT_DEFAULTS.collapseThreshold;
  return { threshold, severity: policy?.severity.redirect_collapse ?? 'error' };
}
