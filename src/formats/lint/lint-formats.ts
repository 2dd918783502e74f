import { lintCiReport } from '../ci/ci-lint-report.js';
import { renderCiDocument } from '../ci/ci-writers.js';
import { annotations, logGroup } from '../ci/github-commands.js';
import type { LintFormat } from '../formatter.js';
import { renderLintCsv } from './lint-csv.js';
import { renderLintJson, renderLintNdjson } from './lint-json.js';
import { renderLintJunit } from './lint-junit.js';
import type { LintReport } from './lint-report.js';

/** What the lint formats may need besides the report. */
export interface LintFormatContext {
  /**
   * The findings for people (`table`, and the log of `github`): the face draws them (the CLI's colours), as it
   * draws check's table.
   */
  table: (report: LintReport) => string;
  strict: boolean;
  /** The input's path in the repository (CI formats locate findings by it) and the links to its lines. */
  path?: string;
  lineLink?: (line: number) => string;
  /** The running hoplens whose `/docs` serves the help pages (HOPLENS_DOCS_URL): SARIF links them only with it. */
  docsUrl?: string;
}

/**
 * The lint report in `format` (the formats of `check`). Lint reads the whole file before it can judge a chain, so the
 * report is rendered at once rather than streamed.
 */
export function renderLint(format: LintFormat, report: LintReport, context: LintFormatContext): string {
  switch (format) {
    case 'table':
      return context.table(report);
    case 'json':
      return renderLintJson(report);
    case 'ndjson':
      return renderLintNdjson(report);
    case 'csv':
      return renderLintCsv(report);
    case 'junit':
      return renderLintJunit(report, context.strict);
    case 'github': {
      const group = logGroup(`hoplens lint ${report.inputName}: findings`);
      return group.open + context.table(report) + group.close + annotations(lintCiReport(report, context.path));
    }
    case 'sarif':
    case 'gitlab':
    case 'markdown':
      return renderCiDocument(format, lintCiReport(report, context.path), {
        ...(context.lineLink === undefined ? {} : { lineLink: context.lineLink }),
        ...(context.docsUrl === undefined ? {} : { docsUrl: context.docsUrl }),
      });
  }
}
