/**
 * The many-URLs panel: reads the pasted text, plans the run against the instance's limits, runs it
 * (./many-run.ts), shows the rows in the report view as they are judged (src/report/view/, the one a dropped report
 * and the HTML report file show), says what the run waits for and why it stopped, and offers the downloads.
 */
import type { CheckSummary, RowResult } from '../../../check/judging.js';
import { type InputItem, isInputsError } from '../../../inputs/portable.js';
import { byId, h, replace } from '../../../report/view/dom.js';
import { formatWait, plural, ReportDataBuilder, showReport } from '../../../report/view/page.js';
import { analyze } from '../api-client.js';
import { download, htmlReport } from './downloads.js';
import { describeLimits, fetchLimits } from './limits.js';
import { type RunReport, runMany } from './many-run.js';
import { RatePacer } from './pacer.js';
import { detectFormat, overQuota, type PasteFormat, pastedItems } from './pasted-input.js';
import { csvReport, jsonReport } from './report-texts.js';
import { paramsFor } from './row-params.js';
import { runNotice } from './run-notice.js';

/** The report view is drawn again at most this often while rows arrive, in ms. */
const REDRAW_MS = 500;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(done, ms);
    function done() {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

class ManyView {
  private readonly text = byId('many-text', HTMLTextAreaElement);
  private readonly format = byId('many-format', HTMLSelectElement);
  private readonly base = byId('many-base', HTMLInputElement);
  private readonly error = byId('many-error', HTMLParagraphElement);
  private readonly plan = byId('many-plan', HTMLParagraphElement);
  private readonly start = byId('many-start', HTMLButtonElement);
  private readonly cancel = byId('many-cancel', HTMLButtonElement);
  private readonly status = byId('many-status', HTMLDivElement);
  private readonly downloads = byId('many-downloads', HTMLDivElement);
  private readonly report = byId('many-report', HTMLElement);
  private readonly announcer = byId('announcer', HTMLParagraphElement);
  private running: AbortController | undefined;
  private rows: RowResult[] = [];
  private summary: CheckSummary | undefined;
  private title = '';
  private redraw: number | undefined;

  wire(): void {
    byId('many-form', HTMLFormElement).addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.running === undefined) void this.run();
    });
    this.cancel.addEventListener('click', () => this.running?.abort());
    byId('many-csv', HTMLButtonElement).addEventListener('click', () =>
      download(csvReport(this.rows), 'hoplens-check.csv', 'text/csv'),
    );
    byId('many-json', HTMLButtonElement).addEventListener('click', () => {
      if (this.summary !== undefined)
        download(jsonReport(this.rows, this.summary), 'hoplens-check.json', 'application/json');
    });
    byId('many-html', HTMLButtonElement).addEventListener('click', () => void this.downloadHtml());
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.running !== undefined) this.running.abort();
    });
    void fetchLimits().then((limits) => {
      if (limits === undefined) return;
      this.plan.textContent = describeLimits(limits);
      this.plan.hidden = false;
    });
  }

  private say(text: string): void {
    this.announcer.textContent = '';
    window.setTimeout(() => {
      this.announcer.textContent = text;
    }, 50);
  }

  private showError(message: string): void {
    this.error.textContent = message;
    this.error.hidden = false;
    this.text.setAttribute('aria-invalid', 'true');
    this.text.focus();
  }

  private async run(): Promise<void> {
    this.error.hidden = true;
    this.text.removeAttribute('aria-invalid');
    const chosen = this.format.value;
    const detected = chosen === 'auto' ? detectFormat(this.text.value) : { format: chosen as PasteFormat };
    if ('unreadable' in detected) {
      this.showError(detected.unreadable);
      return;
    }
    const { format } = detected;
    let items: Awaited<ReturnType<typeof pastedItems>>;
    try {
      items = await pastedItems(format, this.text.value, this.base.value);
    } catch (error) {
      this.showError(isInputsError(error) || error instanceof Error ? error.message : String(error));
      return;
    }
    const rowCount = items.filter((item) => item.kind === 'row').length;
    if (rowCount === 0) {
      const invalid = items.find((item) => item.kind === 'invalid');
      const why = invalid?.kind === 'invalid' ? ` Line ${invalid.line}: ${invalid.message}.` : '';
      this.showError(`Nothing to check: paste URLs, a CSV with a header, or a rules file with a base URL.${why}`);
      return;
    }
    const controller = new AbortController();
    this.running = controller;
    const limits = await fetchLimits(controller.signal);
    const { kept, dropped } = overQuota(items, limits?.day.remaining ?? Number.POSITIVE_INFINITY);
    if (limits !== undefined) this.plan.textContent = describeLimits(limits);
    this.begin(format, rowCount - dropped);
    const total = rowCount - dropped;
    const report = await runMany(
      kept,
      new RatePacer(),
      {
        analyze: (url, signal) => analyze(paramsFor(url), signal),
        onRow: (row) => {
          this.rows.push(row);
          this.progress(total, undefined);
          this.scheduleRedraw();
        },
        onWait: (ms) => this.progress(total, ms),
        sleep,
      },
      controller.signal,
    );
    this.running = undefined;
    this.finish(report, dropped, items);
  }

  private begin(format: PasteFormat, total: number): void {
    this.rows = [];
    this.summary = undefined;
    this.title = `${plural(total, format === 'list' || format === 'csv' ? 'row' : 'rule')} pasted`;
    this.start.disabled = true;
    this.start.textContent = 'Checking…';
    this.cancel.hidden = false;
    this.downloads.hidden = true;
    this.report.hidden = true;
    this.report.setAttribute('aria-busy', 'true');
    this.progress(total, undefined);
    this.say(`Checking ${plural(total, 'row')}.`);
  }

  /** "Checked 7 of 20 rows", and the rate limit's wait when there is one. */
  private progress(total: number, waitMs: number | undefined): void {
    const done = this.rows.length;
    const bar = h('progress', { max: total, value: done, 'aria-label': 'Rows checked' });
    const wait =
      waitMs !== undefined && waitMs > 0
        ? h(
            'span',
            { class: 'many__wait', 'data-wait': Math.ceil(waitMs / 1000) },
            ` · waiting ${formatWait(waitMs / 1000)} for the rate limit`,
          )
        : '';
    replace(
      this.status,
      h(
        'div',
        { class: 'notice notice--loading', 'data-state': 'running' },
        h('p', { class: 'notice__title' }, `Checked ${done} of ${plural(total, 'row')}`, wait),
        bar,
      ),
    );
  }

  private scheduleRedraw(): void {
    if (this.redraw !== undefined) return;
    this.redraw = window.setTimeout(() => {
      this.redraw = undefined;
      this.draw();
    }, REDRAW_MS);
  }

  private draw(): void {
    if (this.rows.length === 0) return;
    const builder = new ReportDataBuilder(this.title, 'pasted on the page');
    for (const row of this.rows.slice().sort((a, b) => a.line - b.line)) builder.add(row);
    const collapse = this.summary?.collapse;
    showReport(this.report, builder.data(collapse === undefined ? {} : { collapse }), { titleTag: 'h2' });
    this.report.hidden = false;
  }

  private finish(report: RunReport, dropped: number, items: readonly InputItem[]): void {
    if (this.redraw !== undefined) window.clearTimeout(this.redraw);
    this.redraw = undefined;
    this.summary = report.summary;
    const notChecked = report.notChecked + dropped;
    if (notChecked > 0) {
      report.summary.interrupted = true;
      report.summary.unchecked = notChecked;
    }
    this.draw();
    this.report.removeAttribute('aria-busy');
    this.start.disabled = false;
    this.start.textContent = 'Check';
    this.cancel.hidden = true;
    this.downloads.hidden = this.rows.length === 0;
    const notice = runNotice(report, this.rows.length, { notChecked, dropped, items });
    replace(this.status, notice.element);
    // The Check button, disabled during the run, dropped the keyboard's focus: it goes to the results.
    if (document.activeElement === document.body || document.activeElement === null) {
      (this.rows.length > 0 ? this.report : this.start).focus();
    }
    // What is left today, after this run.
    void fetchLimits().then((limits) => {
      if (limits !== undefined) this.plan.textContent = describeLimits(limits);
    });
    this.say(notice.spoken);
  }

  private async downloadHtml(): Promise<void> {
    const builder = new ReportDataBuilder(this.title, 'pasted on the page');
    for (const row of this.rows.slice().sort((a, b) => a.line - b.line)) builder.add(row);
    const collapse = this.summary?.collapse;
    try {
      download(
        await htmlReport(builder.data(collapse === undefined ? {} : { collapse })),
        'hoplens-report.html',
        'text/html',
      );
    } catch (error) {
      this.say(`Could not write the HTML report: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Wires the many-URLs panel (once, when it is first shown). */
export function setupManyMode(): void {
  new ManyView().wire();
}
