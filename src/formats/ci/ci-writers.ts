import type { CiReport } from './ci-report.js';
import { renderGitlab } from './gitlab.js';
import { ciRuleHelp } from './help-uri.js';
import { renderMarkdown } from './markdown.js';
import { renderSarif } from './sarif.js';

/** The formats written whole from a {@link CiReport} once the run is over. */
export const CI_DOCUMENT_FORMATS = ['sarif', 'gitlab', 'markdown'] as const;
/** One of them. */
export type CiDocumentFormat = (typeof CI_DOCUMENT_FORMATS)[number];

/**
 * What the writers need besides the report: the link to a line of the input, where there is one, and the running
 * hoplens whose `/docs` serves the help pages (HOPLENS_DOCS_URL), where one is set.
 */
export interface CiWriteOptions {
  lineLink?: (line: number) => string;
  docsUrl?: string;
}

/** The report as a document of `format`. */
export function renderCiDocument(format: CiDocumentFormat, report: CiReport, options: CiWriteOptions): string {
  switch (format) {
    case 'sarif':
      return renderSarif(report, (rule) => ciRuleHelp(report.command, rule, options.docsUrl), options);
    case 'gitlab':
      return renderGitlab(report);
    case 'markdown':
      return renderMarkdown(report, options);
  }
}
