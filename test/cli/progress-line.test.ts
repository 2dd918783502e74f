/**
 * check's progress line, as a person reads it on a terminal (issue 44: "0/s | ETA ?" on slow rows): a slow rate keeps
 * a decimal, no estimate is guessed before the first row is done (the time so far is said instead), counts take
 * their word in the singular for one.
 */
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress.js';

describe('progressLine', () => {
  it('says the time so far, not "ETA ?", before the first row is done', () => {
    const line = progressLine(0, 40, 7);
    expect(line).toContain('0/40 rows | 0.0/s | 7s elapsed');
    expect(line).not.toContain('?');
  });

  it('keeps a decimal for slow rows, and estimates from it', () => {
    // One row in 4 s: 0.25 a second, 39 rows to go, 156 s.
    expect(progressLine(1, 40, 4)).toContain('1/40 rows | 0.3/s | ETA 2m36s');
    expect(progressLine(600, 1000, 20)).toContain('600/1000 rows | 30/s | ETA 13s');
  });

  it('counts rows in the singular for one when the total is not known yet', () => {
    expect(progressLine(1, undefined, 2)).toBe('checking: 1 row | 0.5/s | 2s elapsed');
  });
});
