import type { CoverageReport } from './coverage-report.js';

/** The HTML report: placeholder until the report room's page kit lands. */
export function coverageHtml(report: CoverageReport): string {
  return `<!doctype html><title>coverage</title><pre>${JSON.stringify(report.summary)}</pre>`;
}
