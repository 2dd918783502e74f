import { type CheckFormat, type CheckFormatter, type CiInput, formatterFor } from '../../formats/index.js';
import type { Colors } from '../colors.js';
import type { Sink } from '../output.js';
import { fileSpool } from './file-spool.js';
import { writeStepSummary } from './step-summary.js';
import { TableFormatter } from './table.js';

/** What the CLI knows of a report's formats: its terminal's, and where a CI's files are. */
export interface CliFormatterContext {
  colors: Colors;
  quiet: boolean;
  inputName: string;
  beforeWrite?: () => void;
  /** `--headers all`: the table shows each row's chain with its headers. */
  headers?: boolean;
  /** `-v`: the table shows each row's chain with each hop's connection. */
  verbose?: boolean;
  /** The running hoplens whose `/docs` serves the help pages (HOPLENS_DOCS_URL, src/cli/docs-url.ts). */
  docsUrl?: string;
  /** The CI formats' input (its path in the repository), the job summary's file and the links to lines. */
  ci?: CiInput & { stepSummary?: string; lineLink?: (line: number) => string };
}

/**
 * The formatter for `--format` as the CLI writes it (src/formats/select-formatter.ts picks it): the table drawn for
 * its terminal, JUnit's cases spooled to a temporary file, the job summary appended to `$GITHUB_STEP_SUMMARY`.
 */
export function cliFormatterFor(format: CheckFormat, sink: Sink, context: CliFormatterContext): CheckFormatter {
  const { stepSummary, ...ci } = context.ci ?? { inputName: context.inputName };
  return formatterFor(format, sink, {
    inputName: context.inputName,
    table: () => tableFor(sink, context),
    spool: () => fileSpool('--format junit'),
    ...(context.docsUrl === undefined ? {} : { docsUrl: context.docsUrl }),
    ci: {
      ...ci,
      ...(stepSummary === undefined ? {} : { jobSummary: (markdown) => writeStepSummary(stepSummary, markdown) }),
    },
  });
}

function tableFor(sink: Sink, context: CliFormatterContext): TableFormatter {
  return new TableFormatter(sink, {
    colors: context.colors,
    quiet: context.quiet,
    headers: context.headers === true,
    verbose: context.verbose === true,
    ...(context.beforeWrite === undefined ? {} : { beforeWrite: context.beforeWrite }),
  });
}
