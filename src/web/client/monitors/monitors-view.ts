/**
 * The monitors view (docs/monitors.md): behind the admin token, the list of monitors with their state, last run and
 * recent outcomes, and one monitor's history. Its own section of the page; the analyzer's form is hidden meanwhile.
 */
import { h, replace } from '../../../report/view/dom.js';
import { button, notice } from '../render-states.js';
import { showEditor } from './editor-page.js';
import { showImport } from './import-page.js';
import { loadList } from './list-page.js';
import { loadMonitor } from './monitor-page.js';
import type { AdminOutcome } from './monitors-api.js';
import type { MonitorsRoute } from './route.js';
import { tokenForm } from './token-form.js';
import { forgetToken, readToken, saveToken } from './token-store.js';
import type { ViewContext } from './view-context.js';

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
    const title = { list: 'Monitors', new: 'New monitor', import: 'Import monitors', monitor: 'Monitor' }[
      this.#route.view
    ];
    document.title = `${title} · hoplens`;
    const nav = h(
      'p',
      { class: 'monitors__nav' },
      this.#route.view !== 'list'
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
      case 'invalid':
      case 'failed':
        replace(
          this.#body,
          notice(
            'error',
            'failed',
            `The service answered ${outcome.kind === 'invalid' ? 400 : outcome.status}`,
            h('p', {}, outcome.message),
          ),
        );
        return true;
    }
  }

  #context(token: string): ViewContext {
    return {
      token,
      body: this.#body,
      problem: (outcome, retry) => this.#problem(outcome, retry),
      go: (path) => window.location.assign(path),
    };
  }

  async #load(token: string): Promise<void> {
    replace(this.#body, h('p', { class: 'monitors__loading', role: 'status' }, 'Loading…'));
    const context = this.#context(token);
    if (this.#route.view === 'list')
      await loadList(context, [h('div', { class: 'monitors__actions' }, this.#forgetButton())]);
    else if (this.#route.view === 'new') showEditor(context);
    else if (this.#route.view === 'import') showImport(context);
    else await loadMonitor(context, this.#route.id);
  }

  #forgetButton(): HTMLElement {
    return button('Forget the token', () => {
      forgetToken();
      this.#askToken();
    });
  }
}
