/**
 * The monitors view (docs/monitors.md): behind the admin token, the list of monitors with their state, last run and
 * recent outcomes, and one monitor's history. Its own section of the page; the analyzer's form is hidden meanwhile.
 */

import { h, replace } from '../../../report/view/page.js';
import type { MonitorBody } from '../../../schemas/monitor.js';
import { button, notice } from '../render-states.js';
import { type AdminOutcome, getMonitor, listMonitors, monitorRuns, runNow } from './monitors-api.js';
import { renderMonitorHead, renderRun } from './render-history.js';
import { fillStrip, renderMonitorList, STRIP_RUNS } from './render-monitors.js';
import type { MonitorsRoute } from './route.js';
import { tokenForm } from './token-form.js';
import { forgetToken, readToken, saveToken } from './token-store.js';

/** History rows per page of the monitor's view. */
const HISTORY_PAGE = 20;
/** Strips loaded at once: a page of many monitors must not open as many requests. */
const STRIP_CONCURRENCY = 4;

const REFUSED = "This token was refused (401): it is not this service's HOPLENS_ADMIN_TOKEN.";

export class MonitorsView {
  readonly #root: HTMLElement;
  readonly #route: MonitorsRoute;
  readonly #body: HTMLElement;

  constructor(root: HTMLElement, route: MonitorsRoute) {
    this.#root = root;
    this.#route = route;
    this.#body = h('div', { class: 'monitors__body' });
  }

  start(): void {
    const title = this.#route.view === 'list' ? 'Monitors' : 'Monitor';
    document.title = `${title} · hoplens`;
    const nav = h(
      'p',
      { class: 'monitors__nav' },
      this.#route.view === 'monitor'
        ? h('a', { href: '/monitors' }, '← All monitors')
        : h('a', { href: '/' }, '← Analyze a URL'),
    );
    replace(this.#root, nav, h('h2', { id: 'monitors-title', class: 'monitors__title' }, title), this.#body);
    const token = readToken();
    if (token === undefined) this.#askToken();
    else void this.#load(token);
  }

  #askToken(error?: string): void {
    replace(
      this.#body,
      tokenForm((token) => {
        saveToken(token);
        void this.#load(token);
      }, error),
    );
  }

  /** Shows an outcome that is not `ok`; returns whether it did. */
  #problem(outcome: AdminOutcome<unknown>, retry: () => void): outcome is Exclude<typeof outcome, { kind: 'ok' }> {
    switch (outcome.kind) {
      case 'ok':
        return false;
      case 'unauthorized':
        forgetToken();
        this.#askToken(REFUSED);
        return true;
      case 'not-found': {
        const text =
          this.#route.view === 'list'
            ? 'Monitors are off on this service: it turns them on with HOPLENS_ADMIN_TOKEN.'
            : 'There is no monitor with this id.';
        replace(this.#body, notice('warning', 'not-found', text, h('p', {}, outcome.message)));
        return true;
      }
      case 'unreachable':
        replace(
          this.#body,
          notice('error', 'unreachable', 'The server is unreachable', button('Try again', retry, 'secondary')),
        );
        return true;
      case 'failed':
        replace(
          this.#body,
          notice('error', 'failed', `The service answered ${outcome.status}`, h('p', {}, outcome.message)),
        );
        return true;
    }
  }

  async #load(token: string): Promise<void> {
    replace(this.#body, h('p', { class: 'monitors__loading', role: 'status' }, 'Loading…'));
    if (this.#route.view === 'list') await this.#loadList(token);
    else await this.#loadMonitor(token, this.#route.id);
  }

  #forgetButton(): HTMLElement {
    return button('Forget the token', () => {
      forgetToken();
      this.#askToken();
    });
  }

  async #loadList(token: string): Promise<void> {
    const outcome = await listMonitors(token);
    if (this.#problem(outcome, () => void this.#load(token)) || outcome.kind !== 'ok') return;
    const monitors = outcome.body.monitors;
    const { element, strips } = renderMonitorList(monitors, Date.now());
    replace(this.#body, element, h('div', { class: 'monitors__actions' }, this.#forgetButton()));
    await fillStrips(token, monitors, strips);
  }

  async #loadMonitor(token: string, id: string): Promise<void> {
    const [monitor, page] = await Promise.all([getMonitor(token, id), monitorRuns(token, id, HISTORY_PAGE)]);
    const retry = () => void this.#load(token);
    if (this.#problem(monitor, retry) || monitor.kind !== 'ok') return;
    if (this.#problem(page, retry) || page.kind !== 'ok') return;
    document.title = `${monitor.body.url} · monitor · hoplens`;
    const run = button(
      'Run now',
      () => {
        run.disabled = true;
        run.textContent = 'Running…';
        void runNow(token, id).then((outcome) => {
          if (!this.#problem(outcome, retry)) void this.#load(token);
        });
      },
      'primary',
    );
    const history = h('ol', { class: 'history', 'aria-label': 'History, newest first' });
    const more = h('div', { class: 'history__more' });
    const now = Date.now();
    let runs = page.body.runs;
    const show = (next: string | null) => {
      replace(history, ...runs.map((item, index) => renderRun(item, runs[index + 1], now)));
      replace(
        more,
        next !== null &&
          button('Older runs', () => {
            void monitorRuns(token, id, HISTORY_PAGE, next).then((older) => {
              if (this.#problem(older, retry) || older.kind !== 'ok') return;
              runs = [...runs, ...older.body.runs];
              show(older.body.next);
            });
          }),
      );
    };
    show(page.body.next);
    replace(
      this.#body,
      renderMonitorHead(monitor.body, now, run),
      h('h3', { class: 'history__title' }, 'History'),
      runs.length === 0 ? h('p', { class: 'history__empty' }, 'No runs yet.') : history,
      more,
    );
  }
}

/** Loads each monitor's recent runs into its strip, a few at a time. */
async function fillStrips(token: string, monitors: readonly MonitorBody[], strips: Map<string, HTMLElement>) {
  const queue = [...monitors];
  const worker = async () => {
    for (let monitor = queue.shift(); monitor !== undefined; monitor = queue.shift()) {
      const strip = strips.get(monitor.id);
      const outcome = await monitorRuns(token, monitor.id, STRIP_RUNS);
      if (strip === undefined) continue;
      if (outcome.kind === 'ok') fillStrip(strip, outcome.body.runs);
      else strip.setAttribute('aria-label', 'Recent runs could not be loaded');
    }
  };
  await Promise.all(Array.from({ length: STRIP_CONCURRENCY }, worker));
}
