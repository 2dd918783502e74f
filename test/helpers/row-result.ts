import type { RowResult } from '../../src/check/result.js';

/** A passed row result (one redirect from old.test to new.test), with `overrides` on top. */
export function rowResult(overrides: Partial<RowResult> = {}): RowResult {
  return {
    line: 2,
    source: 'http://old.test/a',
    outcome: 'passed',
    reasons: [],
    warnings: [],
    firstStatus: 301,
    finalStatus: 200,
    finalUrl: 'http://new.test/a',
    hops: 2,
    redirects: 1,
    time: 12,
    attempts: 1,
    issues: [],
    chain: [],
    ...overrides,
  };
}
