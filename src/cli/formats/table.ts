import { type CheckSummary, describeChange, type RowResult, rowPlaceWords } from '../../check/index.js';
import { displayUrl, type Hop, terminalText } from '../../core/index.js';
import type { CheckFormatter, SkippedRule } from '../../formats/formatter.js';
import { renderSummary } from '../check/summary-text.js';
import { type Colors, statusColor } from '../colors.js';
import type { Sink } from '../output.js';
import { plural } from '../plural.js';
import { headerBlock } from './header-block.js';
import { anatomyBlock } from './hop-anatomy-block.js';

/** Options of {@link TableFormatter}. */
export interface TableOptions {
  colors: Colors;
  /** List only rows that failed, errored or changed (and no skipped rules): for long runs in CI logs. */
  quiet: boolean;
  /** Called before each write, so that a progress bar on the same terminal can get out of the way. */
  beforeWrite?: () => void;
  /** Each row's chain under it, hop by hop with its response headers (`--headers all`). */
  headers?: boolean;
  /** Each row's chain under it, hop by hop with its connection, timing phases and certificate (`-v`). */
  verbose?: boolean;
}

/** A URL (or a row's source as its file writes it) for a terminal line: its host in Unicode, no control raw. */
const shownUrl = (url: string) => terminalText(displayUrl(url));

/**
 * The human format: one line per row (verdict, source, final URL, statuses, hops, time), then the reasons, warnings
 * and baseline changes indented under it, and the closing summary.
 */
export class TableFormatter implements CheckFormatter {
  constructor(
    private readonly sink: Sink,
    private readonly options: TableOptions,
  ) {}

  async begin(): Promise<void> {}

  private write(text: string): Promise<void> {
    this.options.beforeWrite?.();
    return this.sink.write(text);
  }

  /** `301 → 200 · 2 hops · 45 ms`, or the error code. */
  private facts(result: RowResult): string {
    const c = this.options.colors;
    const paint = (status: number) => statusColor(c, status)(String(status));
    if (result.error !== undefined) return c.magenta(result.error.code);
    // A row judged without an analysis of its own (a crawl's hreflang pair is judged from the two pages' links, a
    // target robots.txt keeps out is not requested): said, rather than `undefined · 0 hops`.
    if (result.finalStatus === undefined) return c.dim('not analysed');
    const statuses =
      result.hops > 1 && result.firstStatus !== undefined
        ? `${paint(result.firstStatus)} → ${paint(result.finalStatus!)}`
        : paint(result.finalStatus!);
    return `${statuses} · ${plural(result.hops, 'hop')} · ${result.time} ms`;
  }

  /**
   * The chain under a row: `1  301 Moved Permanently  URL`, then that hop's connection (`-v`) and its headers,
   * `curl -I` style (`--headers all`).
   */
  private chain(chain: Hop[]): string {
    const c = this.options.colors;
    let text = '';
    chain.forEach((hop, index) => {
      const status = statusColor(c, hop.status, hop.redirectType)(`${hop.status} ${hop.statusText}`.trim());
      text += `      ${c.dim(String(index + 1))}  ${status}  ${shownUrl(hop.url)}\n`;
      // Under the status, as in the hop table of `hoplens URL`.
      const indent = ' '.repeat(8 + String(index + 1).length);
      if (this.options.verbose) text += anatomyBlock(hop, indent, c);
      if (this.options.headers) text += headerBlock(hop.headers, indent, c);
    });
    return text;
  }

  row(result: RowResult): Promise<void> {
    const c = this.options.colors;
    const changes = result.changes ?? [];
    if (this.options.quiet && result.outcome === 'passed' && changes.length === 0) return Promise.resolve();
    const label =
      result.outcome === 'passed'
        ? c.green('PASS ')
        : result.outcome === 'failed'
          ? c.red(c.bold('FAIL '))
          : result.outcome === 'inconclusive'
            ? c.yellow(c.bold('WALL '))
            : c.magenta(c.bold('ERROR'));
    const destination =
      result.finalUrl !== undefined && result.finalUrl !== result.source ? ` → ${shownUrl(result.finalUrl)}` : '';
    const where = result.outcome === 'passed' ? '' : c.dim(`  (${rowPlaceWords(result)})`);
    let text = `${label} ${shownUrl(result.source)}${destination}  ${c.dim('[')}${this.facts(result)}${c.dim(']')}${where}\n`;
    // A row behind a bot wall did not fail: what was seen is told with a question mark, not a failure's cross.
    const mark = result.outcome === 'inconclusive' ? c.yellow('?') : c.red('✖');
    for (const reason of result.reasons) text += `      ${mark} ${terminalText(reason)}\n`;
    // In strict mode the warnings are already among the reasons.
    if (result.reasons.every((reason) => !reason.startsWith('warning: '))) {
      for (const warning of result.warnings) text += `      ${c.yellow('⚠')} ${terminalText(warning)}\n`;
    }
    // With --fail-on-change the change is already a reason (✖): said once.
    const told = result.reasons.some((reason) => reason.startsWith('changed since baseline: '));
    if (changes.length > 0 && !told) {
      text += `      ${c.cyan('~')} changed since baseline: ${terminalText(changes.map(describeChange).join(', '))}\n`;
    }
    if (this.options.headers || this.options.verbose) text += this.chain(result.chain);
    return this.write(text);
  }

  skipped(rule: SkippedRule): Promise<void> {
    if (this.options.quiet) return Promise.resolve();
    const c = this.options.colors;
    return this.write(
      `${c.dim('SKIP ')} ${terminalText(rule.text)}  ${c.dim(`(${rowPlaceWords(rule)}: ${terminalText(rule.reason)})`)}\n`,
    );
  }

  end(summary: CheckSummary): Promise<void> {
    return this.write(`\n${renderSummary(summary, this.options.colors, this.options.quiet)}`);
  }
}
