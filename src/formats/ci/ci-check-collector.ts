import type { CheckSummary, RowResult } from '../../check/index.js';
import { checkTotals, failingRow, rowFindings } from './ci-check-findings.js';
import type { CiFinding, CiReport, CiRow } from './ci-report.js';

/**
 * The failing rows kept for a summary's table: a summary shows far fewer (GitHub's 1 MiB), and a run of a million
 * failures should not hold them all. Findings are all kept: SARIF and GitLab list each one.
 */
const FAILING_KEPT = 10_000;

/** Where a check's CI report is about: the input's name and its path in the repository. */
export interface CiInput {
  inputName: string;
  path?: string;
}

/** Gathers a check's rows, as they come, into the {@link CiReport} the CI formats write at the end. */
export class CiCheckCollector {
  private readonly findings: CiFinding[] = [];
  /** Each failing row with its line in the input's numbering, which orders them (files named by the input last). */
  private readonly failing: Array<{ order: number; row: CiRow }> = [];
  private failingNotListed = 0;

  constructor(private readonly input: CiInput) {}

  add(result: RowResult): void {
    this.findings.push(...rowFindings(result, this.input.path));
    if (result.outcome === 'passed') return;
    if (this.failing.length < FAILING_KEPT) {
      this.failing.push({ order: result.line, row: failingRow(result, this.input.path) });
    } else this.failingNotListed++;
  }

  report(summary: CheckSummary): CiReport {
    return {
      command: 'check',
      inputName: this.input.inputName,
      ...(this.input.path === undefined ? {} : { path: this.input.path }),
      findings: this.findings,
      failing: [...this.failing].sort((a, b) => a.order - b.order).map(({ row }) => row),
      failingNotListed: this.failingNotListed,
      ...checkTotals(summary),
    };
  }
}
