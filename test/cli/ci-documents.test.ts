/**
 * The CI documents' bounds, on reports too large or too unusual to make live: GitHub's 1 MiB cap on a step's job
 * summary (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#adding-a-job-summary),
 * SARIF from standard input (no file to locate a result on, still valid against the OASIS schema in test/fixtures),
 * and GitLab fingerprints that stay unique for two findings of one type on one URL and stable when a rule moves
 * (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format: one finding per fingerprint).
 */
import { describe, expect, it } from 'vitest';
import type { CiFinding, CiReport } from '../../src/formats/ci/ci-report.js';
import { renderGitlab } from '../../src/formats/ci/gitlab.js';
import { ciRuleHelp } from '../../src/formats/ci/help-uri.js';
import { renderMarkdown } from '../../src/formats/ci/markdown.js';
import { renderSarif } from '../../src/formats/ci/sarif.js';
import { validateSarif } from '../helpers/sarif-schema.js';

function report(findings: CiFinding[], extra: Partial<CiReport> = {}): CiReport {
  return {
    command: 'check',
    inputName: 'moves.csv',
    path: 'data/moves.csv',
    findings,
    totals: [
      ['passed', 0],
      ['failed', findings.length],
    ],
    failing: [],
    failingNotListed: 0,
    collapses: [],
    slowest: [],
    ...extra,
  };
}

const finding = (line: number, key: string): CiFinding => ({
  rule: 'expectation_failed',
  level: 'error',
  line,
  key,
  title: `expectation_failed: ${key}`,
  message: `${key}: final URL is https://new.example/, expected https://new.example/${line}`,
});

describe('CI documents', () => {
  it('keeps the Markdown summary under 1 MiB, saying how many failing rows it left out', () => {
    const long = `https://old.example/${'x'.repeat(200)}`;
    const failing = Array.from({ length: 20_000 }, (_, i) => ({
      line: i + 2,
      source: `${long}/${i}`,
      outcome: 'failed',
      reason: 'final URL is https://new.example/, expected https://new.example/page | with a pipe',
    }));
    const text = renderMarkdown(report([], { failing, failingNotListed: 5 }));
    expect(Buffer.byteLength(text)).toBeLessThan(1024 * 1024);
    const listed = text.split('\n').filter((line) => line.startsWith('| `data/moves.csv:')).length;
    expect(listed).toBeGreaterThan(100);
    expect(text).toContain(`… and ${20_000 - listed + 5} more not listed here`);
    // A pipe in a cell is escaped, so the table keeps its columns.
    expect(text).toContain('with a pipe');
    expect(text).not.toMatch(/page \| with/);
  });

  it('writes valid SARIF for standard input, its results without a location', () => {
    const log = JSON.parse(
      renderSarif(report([finding(2, 'https://old.example/a')], { path: undefined, inputName: 'stdin' }), (rule) =>
        ciRuleHelp('check', rule),
      ),
    );
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0].results[0].locations).toEqual([]);
  });

  it('gives GitLab fingerprints unique per finding and independent of the line', () => {
    const twice = renderGitlab(report([finding(2, 'https://old.example/a'), finding(9, 'https://old.example/a')]));
    const [first, second] = JSON.parse(twice);
    expect(first.fingerprint).not.toBe(second.fingerprint);
    const moved = JSON.parse(renderGitlab(report([finding(40, 'https://old.example/a')])));
    expect(moved[0].fingerprint).toBe(first.fingerprint);
  });
});
