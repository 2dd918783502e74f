import { CsvFormatter } from './check/csv.js';
import { HtmlFormatter } from './check/html.js';
import { JsonFormatter } from './check/json.js';
import { JunitFormatter } from './check/junit.js';
import { NdjsonFormatter } from './check/ndjson.js';
import type { CiInput } from './ci/ci-check-collector.js';
import { CiDocumentFormatter } from './ci/ci-document.js';
import { GithubFormatter } from './ci/github.js';
import type { CheckFormat, CheckFormatter } from './formatter.js';
import type { SpoolFactory } from './spool.js';
import type { ReportWriter } from './writer.js';

/** What the formats may need besides their writer. */
export interface FormatterContext {
  inputName: string;
  /**
   * The rows for people (`table`, and the log folded in `github`): the face draws them (the CLI's coloured table),
   * as only it knows its terminal.
   */
  table: () => CheckFormatter;
  /** Where JUnit's test cases wait for its totals; in memory by default. */
  spool?: SpoolFactory;
  /** The running hoplens whose `/docs` serves hoplens's own help pages (HOPLENS_DOCS_URL): linked only with it. */
  docsUrl?: string;
  /** The CI formats' input (its path in the repository), where the job summary goes and the links to lines. */
  ci?: CiInput & { jobSummary?: (markdown: string) => Promise<void>; lineLink?: (line: number) => string };
}

/** The formatter for `--format`. */
export function formatterFor(format: CheckFormat, sink: ReportWriter, context: FormatterContext): CheckFormatter {
  const ci = context.ci ?? { inputName: context.inputName };
  const lineLink = ci.lineLink === undefined ? {} : { lineLink: ci.lineLink };
  const docs = context.docsUrl === undefined ? {} : { docsUrl: context.docsUrl };
  switch (format) {
    case 'table':
      return context.table();
    case 'github':
      return new GithubFormatter(sink, ci, {
        table: context.table(),
        ...lineLink,
        ...(ci.jobSummary === undefined ? {} : { jobSummary: ci.jobSummary }),
      });
    case 'sarif':
    case 'gitlab':
    case 'markdown':
      return new CiDocumentFormatter(format, sink, ci, { ...lineLink, ...docs });
    case 'json':
      return new JsonFormatter(sink);
    case 'ndjson':
      return new NdjsonFormatter(sink);
    case 'csv':
      return new CsvFormatter(sink);
    case 'junit':
      return new JunitFormatter(sink, {
        inputName: context.inputName,
        ...docs,
        ...(context.spool === undefined ? {} : { spool: context.spool }),
      });
    case 'html':
      return new HtmlFormatter(sink, context.inputName);
  }
}
