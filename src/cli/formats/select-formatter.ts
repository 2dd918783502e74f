import type { Colors } from '../colors.js';
import type { Sink } from '../output.js';
import { CsvFormatter } from './csv.js';
import type { CheckFormat, CheckFormatter } from './formatter.js';
import { HtmlFormatter } from './html.js';
import { JsonFormatter } from './json.js';
import { JunitFormatter } from './junit.js';
import { NdjsonFormatter } from './ndjson.js';
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
}

/** The formatter for `--format`. */
export function formatterFor(format: CheckFormat, sink: Sink, context: FormatterContext): CheckFormatter {
  switch (format) {
    case 'table':
      return new TableFormatter(sink, {
        colors: context.colors,
        quiet: context.quiet,
        headers: context.headers === true,
        verbose: context.verbose === true,
        ...(context.beforeWrite === undefined ? {} : { beforeWrite: context.beforeWrite }),
      });
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
