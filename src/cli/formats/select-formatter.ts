import type { CheckFormat, CheckFormatter } from '../../formats/formatter.js';
import { CsvFormatter, HtmlFormatter, JsonFormatter, NdjsonFormatter } from '../../formats/index.js';
import type { Colors } from '../colors.js';
import type { Sink } from '../output.js';
import type { CiInput } from './ci-check-collector.js';
import { CiDocumentFormatter } from './ci-document.js';
import { GithubFormatter } from './github.js';
import { JunitFormatter } from './junit.js';
import { TableFormatter } from './table.js';

/** What the formats may need besides their sink. */
export interface FormatterContext {
  colors: Colors;
  quiet: boolean;
  inputName: string;
  beforeWrite?: () => void;
  /** `--headers all`: the table shows each row's chain with its headers. */
  headers?: boolean;
  /** `-v`: the table shows each row's chain with each hop's connection. */
  verbose?: boolean;
  /** The CI formats' input (its path in the repository), the job summary's file and the links to lines. */
  ci?: CiInput & { stepSummary?: string; lineLink?: (line: number) => string };
}

/** The formatter for `--format`. */
export function formatterFor(format: CheckFormat, sink: Sink, context: FormatterContext): CheckFormatter {
  const ci = context.ci ?? { inputName: context.inputName };
  const lineLink = ci.lineLink === undefined ? {} : { lineLink: ci.lineLink };
  switch (format) {
    case 'table':
      return tableFor(sink, context);
    case 'github':
      return new GithubFormatter(sink, ci, {
        table: tableFor(sink, context),
        ...lineLink,
        ...(ci.stepSummary === undefined ? {} : { stepSummary: ci.stepSummary }),
      });
    case 'sarif':
    case 'gitlab':
    case 'markdown':
      return new CiDocumentFormatter(format, sink, ci, lineLink);
    case 'json':
      return new JsonFormatter(sink);
    case 'ndjson':
      return new NdjsonFormatter(sink);
    case 'csv':
      return new CsvFormatter(sink);
    case 'junit':
      return new JunitFormatter(sink, { inputName: context.inputName });
    case 'html':
      return new HtmlFormatter(sink, context.inputName);
  }
}

function tableFor(sink: Sink, context: FormatterContext): TableFormatter {
  return new TableFormatter(sink, {
    colors: context.colors,
    quiet: context.quiet,
    headers: context.headers === true,
    verbose: context.verbose === true,
    ...(context.beforeWrite === undefined ? {} : { beforeWrite: context.beforeWrite }),
  });
}
