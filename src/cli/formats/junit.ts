import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CheckSummary, describeChange, type RowResult } from '../../check/index.js';
import { openFileSink, type Sink } from '../output.js';
import type { CheckFormatter, SkippedRule } from './formatter.js';

/** Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab and newlines, lone surrogates. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe inside an XML element or a double-quoted attribute. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '\ufffd')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Options of {@link JunitFormatter}. */
export interface JunitOptions {
  /** The input's name (file name or `stdin`): the test cases' class name, which CI systems group by. */
  inputName: string;
}

/**
 * JUnit XML, one `<testcase>` per row: `<failure>` with the reasons for a failed row, `<error>` for one that could
 * not be analysed, `<skipped>` for a `_redirects` rule that was not checked.
 *
 * The `<testsuite>` element must carry the totals before its test cases, which are only known at the end; rather
 * than keep every case in memory, they are spooled to a temporary file and copied after the header.
 */
export class JunitFormatter implements CheckFormatter {
  private spool: Sink | undefined;
  private directory: string | undefined;
  private readonly started = new Date();

  constructor(
    private readonly sink: Sink,
    private readonly options: JunitOptions,
  ) {}

  async begin(): Promise<void> {
    this.directory = await mkdtemp(join(tmpdir(), 'hoplens-junit-'));
    this.spool = await openFileSink(join(this.directory, 'cases.xml'), '--format junit');
  }

  private testcase(name: string, line: number, ms: number, body: string): Promise<void> {
    const attributes = `classname="${xmlEscape(this.options.inputName)}" name="${xmlEscape(name)}" line="${line}"`;
    return this.spool!.write(`    <testcase ${attributes} time="${seconds(ms)}">\n${body}    </testcase>\n`);
  }

  row(result: RowResult): Promise<void> {
    let body = '';
    const message = xmlEscape(result.reasons[0] ?? '');
    // Each finding's help page, so that a CI report says where to read about it.
    const help = result.issues.map((issue) => `help for ${issue.type}: ${issue.help}`);
    const details = xmlEscape([...result.reasons, ...help].join('\n'));
    if (result.outcome === 'failed') body += `      <failure message="${message}" type="failed">${details}</failure>\n`;
    if (result.outcome === 'errored') {
      body += `      <error message="${message}" type="${xmlEscape(result.error?.code ?? 'error')}">${details}</error>\n`;
    }
    const output = [
      `line ${result.line}: ${result.source} -> ${result.finalUrl ?? '(no response)'} (${result.hops} hop${result.hops === 1 ? '' : 's'})`,
      ...result.warnings.map((warning) => `warning: ${warning}`),
      ...(result.changes ?? []).map((change) => `changed since baseline: ${describeChange(change)}`),
    ];
    body += `      <system-out>${xmlEscape(output.join('\n'))}</system-out>\n`;
    return this.testcase(result.source, result.line, result.time, body);
  }

  skipped(rule: SkippedRule): Promise<void> {
    return this.testcase(rule.text, rule.line, 0, `      <skipped message="${xmlEscape(rule.reason)}"/>\n`);
  }

  async end(summary: CheckSummary): Promise<void> {
    try {
      await this.spool?.close();
      const tests = summary.passed + summary.failed + summary.errored + summary.skipped;
      const counts = `tests="${tests}" failures="${summary.failed}" errors="${summary.errored}" skipped="${summary.skipped}" time="${seconds(summary.elapsedMs)}"`;
      await this.sink.write('<?xml version="1.0" encoding="UTF-8"?>\n');
      await this.sink.write(`<testsuites name="hoplens check" ${counts}>\n`);
      const timestamp = this.started.toISOString().replace(/\.\d+Z$/, '');
      await this.sink.write(
        `  <testsuite name="hoplens check ${xmlEscape(this.options.inputName)}" ${counts} timestamp="${timestamp}">\n`,
      );
      if (this.directory !== undefined) {
        for await (const chunk of createReadStream(join(this.directory, 'cases.xml'), { encoding: 'utf8' })) {
          await this.sink.write(chunk as string);
        }
      }
      await this.sink.write('  </testsuite>\n</testsuites>\n');
    } finally {
      if (this.directory !== undefined) await rm(this.directory, { recursive: true, force: true });
    }
  }
}
