import { type CheckSummary, describeChange, type RowResult, rowPlaceWords } from '../../check/index.js';
import { xmlText } from '../../core/index.js';
import type { CheckFormatter, SkippedRule } from '../formatter.js';
import { helpLink } from '../help-link.js';
import { findingPath } from '../lint/lint-report.js';
import { memorySpool, type Spool, type SpoolFactory } from '../spool.js';
import type { ReportWriter } from '../writer.js';

/** A row's or a skipped rule's line, and where it is written when that is a file the input names. */
type Place = Pick<SkippedRule, 'line' | 'place'>;

/** Lines as an element's text: each line escaped, so that a line break inside one stays a character reference. */
export const xmlLines = (lines: readonly string[]) => lines.map(xmlText).join('\n');

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Options of {@link JunitFormatter}. */
export interface JunitOptions {
  /** The input's name (file name or `stdin`): the test cases' class name, which CI systems group by. */
  inputName: string;
  /** Where the test cases wait for the totals: in memory unless the face gives a spool (the CLI's is a file). */
  spool?: SpoolFactory;
  /** The running hoplens whose `/docs` serves hoplens's own help pages (HOPLENS_DOCS_URL), to link them there. */
  docsUrl?: string;
}

/**
 * JUnit XML, one `<testcase>` per row: `<failure>` with the reasons for a failed row, `<error>` for one that could
 * not be analysed, `<skipped>` for a `_redirects` rule that was not checked.
 *
 * The `<testsuite>` element must carry the totals before its test cases, which are only known at the end; rather
 * than keep every case in memory, a face spools them (the CLI to a temporary file) and they are copied after the header.
 */
export class JunitFormatter implements CheckFormatter {
  private spool: Spool | undefined;
  private readonly started = new Date();

  constructor(
    private readonly sink: ReportWriter,
    private readonly options: JunitOptions,
  ) {}

  async begin(): Promise<void> {
    this.spool = await (this.options.spool ?? memorySpool)();
  }

  /** A test case on its rule's line; a rule in a file the input names (a bulk redirect file) names that file too. */
  private testcase(name: string, where: Place, ms: number, body: string): Promise<void> {
    const { inputName } = this.options;
    const file = where.place === undefined ? '' : ` file="${xmlText(findingPath(inputName, where.place.file))}"`;
    const line = where.place?.line ?? where.line;
    const attributes = `classname="${xmlText(inputName)}" name="${xmlText(name)}"${file} line="${line}"`;
    return this.spool!.write(`    <testcase ${attributes} time="${seconds(ms)}">\n${body}    </testcase>\n`);
  }

  row(result: RowResult): Promise<void> {
    let body = '';
    const message = xmlText(result.reasons[0] ?? '');
    // Each finding's help page, so that a CI report says where to read about it; hoplens's own pages are linked only
    // on a hoplens that serves them (issue 44), else the command that prints them is named.
    const help = result.issues.map(
      (issue) =>
        `help for ${issue.type}: ${helpLink(issue.help, this.options.docsUrl) ?? `hoplens explain ${issue.type}`}`,
    );
    const details = xmlLines([...result.reasons, ...help]);
    if (result.outcome === 'failed') body += `      <failure message="${message}" type="failed">${details}</failure>\n`;
    // A bot wall answered: skipped, as a test that could not run (issue 46).
    if (result.outcome === 'inconclusive') body += `      <skipped type="inconclusive" message="${message}"/>\n`;
    if (result.outcome === 'errored') {
      body += `      <error message="${message}" type="${xmlText(result.error?.code ?? 'error')}">${details}</error>\n`;
    }
    const output = [
      `${rowPlaceWords(result)}: ${result.source} -> ${result.finalUrl ?? '(no response)'} (${result.hops} hop${result.hops === 1 ? '' : 's'})`,
      ...result.warnings.map((warning) => `warning: ${warning}`),
      ...(result.changes ?? []).map((change) => `changed since baseline: ${describeChange(change)}`),
    ];
    body += `      <system-out>${xmlLines(output)}</system-out>\n`;
    return this.testcase(result.source, result, result.time, body);
  }

  skipped(rule: SkippedRule): Promise<void> {
    return this.testcase(rule.text, rule, 0, `      <skipped message="${xmlText(rule.reason)}"/>\n`);
  }

  async end(summary: CheckSummary): Promise<void> {
    try {
      await this.spool?.close();
      const tests = summary.passed + summary.failed + summary.errored + summary.inconclusive + summary.skipped;
      const counts = `tests="${tests}" failures="${summary.failed}" errors="${summary.errored}" skipped="${summary.skipped + summary.inconclusive}" time="${seconds(summary.elapsedMs)}"`;
      await this.sink.write('<?xml version="1.0" encoding="UTF-8"?>\n');
      await this.sink.write(`<testsuites name="hoplens check" ${counts}>\n`);
      const timestamp = this.started.toISOString().replace(/\.\d+Z$/, '');
      await this.sink.write(
        `  <testsuite name="hoplens check ${xmlText(this.options.inputName)}" ${counts} timestamp="${timestamp}">\n`,
      );
      if (this.spool !== undefined) {
        for await (const chunk of this.spool.read()) await this.sink.write(chunk);
      }
      await this.sink.write('  </testsuite>\n</testsuites>\n');
    } finally {
      await this.spool?.dispose();
    }
  }
}
