/**
 * The hoplens page: a URL in, its redirect chain out. Wires the form, the address bar, the API client and the
 * renderers together; each of those lives in its own module.
 */

import { byId, h, replace } from '../../report/view/dom.js';
import { drawLoops, failedUrlOf, plural } from '../../report/view/page.js';
import { type ApiAnswer, analyze, type RequestOutcome } from './api-client.js';
import { copyText } from './copy-text.js';
import { curlCommand } from './curl-command.js';
import { AnalyzeForm } from './form.js';
import { setupManyMode } from './many/many-view.js';
import { setupModeTabs } from './many/mode-tabs.js';
import { MonitorsView } from './monitors/monitors-view.js';
import { type MonitorsRoute, monitorsRoute, pathOf } from './monitors/route.js';
import { type AnalyzeParams, apiPath, paramsFromSearch, searchFromParams } from './query-params.js';
import { showRateLimit } from './rate-limit-note.js';
import { type Copiers, renderPartialChain, renderResult } from './render-result.js';
import { button, countdown, loadingNotice, notice } from './render-states.js';
import { setupReportOpening } from './report-open.js';
import { variantsVerdict } from './variants/variants-verdict.js';
import { renderVariants } from './variants/variants-view.js';
import { verdictOf } from './verdict.js';

const form = new AnalyzeForm();
const status = byId('status', HTMLDivElement);
const results = byId('results', HTMLElement);
const announcer = byId('announcer', HTMLParagraphElement);
const quota = byId('quota', HTMLParagraphElement);

/** The analysis in flight, if any. */
let inflight: AbortController | undefined;
/** Undo functions of the current view: loop-arc observers, countdown timers. */
let teardown: Array<() => void> = [];
/** The search part of the last analysis started, to tell a real navigation from a click on `#hop-2`. */
let currentSearch = '';

function announce(text: string): void {
  // Emptied first so that the same sentence twice is still spoken twice.
  announcer.textContent = '';
  window.setTimeout(() => {
    announcer.textContent = text;
  }, 50);
}

function resetView(): void {
  for (const undo of teardown) undo();
  teardown = [];
  replace(status);
  replace(results);
  form.submit.disabled = false;
  form.variants.disabled = false;
  form.submit.textContent = 'Analyze';
  form.variants.textContent = 'Variants';
}

function copiersFor(params: AnalyzeParams, body: unknown): Copiers {
  return {
    json: () => JSON.stringify(body, null, 2),
    curl: () => curlCommand(new URL(apiPath(params), window.location.origin).href),
    copy: (text, what, source) => {
      void copyText(text).then((copied) => {
        announce(copied ? `Copied the ${what} to the clipboard.` : `Could not copy the ${what}.`);
        if (source === undefined) return;
        const label = source.dataset.label ?? source.textContent ?? '';
        source.dataset.label = label;
        source.textContent = copied ? 'Copied ✓' : 'Copy failed';
        window.setTimeout(() => {
          source.textContent = label;
        }, 2000);
      });
    },
  };
}

/** Keeps the submit button off until the service will take requests again. */
function waitBeforeRetry(seconds: number): HTMLElement {
  form.submit.disabled = true;
  form.variants.disabled = true;
  const timer = countdown(seconds, () => {
    form.submit.disabled = false;
    form.variants.disabled = false;
    announce('You can analyze again now.');
  });
  teardown.push(() => timer.stop());
  return timer.element;
}

/** Shows what one request came to: the result, or the state that explains why there is none. */
function render(outcome: RequestOutcome, params: AnalyzeParams): void {
  switch (outcome.kind) {
    case 'ok':
      renderOk(outcome, params);
      return;
    case 'variants':
      renderVariantsOk(outcome, params);
      return;
    case 'invalid':
      if (!form.showError(outcome.parameter, outcome.message)) {
        replace(status, notice('error', 'invalid', 'The request was refused', outcome.message));
      }
      announce(outcome.message);
      return;
    case 'rate-limited':
      renderRateLimited(outcome, params);
      return;
    case 'busy': {
      const body =
        outcome.retryAfter === undefined
          ? h('p', {}, outcome.message)
          : h('p', {}, outcome.message, ' Try again in ', waitBeforeRetry(outcome.retryAfter), '.');
      replace(status, notice('warning', 'busy', 'The service is busy', body));
      return;
    }
    case 'failed':
      renderFailed(outcome, params);
      return;
    case 'unreachable': {
      const retry = button('Try again', () => void run(params, false), 'secondary');
      const body = h('p', {}, outcome.message);
      replace(status, notice('error', 'unreachable', 'The server is unreachable', body, retry));
      return;
    }
    case 'cancelled':
      replace(status, notice('info', 'cancelled', 'Analysis cancelled.'));
      form.url.focus();
      return;
  }
}

function renderOk(outcome: Extract<RequestOutcome, { kind: 'ok' }>, params: AnalyzeParams): void {
  const { result } = outcome;
  replace(results, ...renderResult(result, copiersFor(params, outcome.body)));
  const list = results.querySelector<HTMLOListElement>('.timeline');
  if (list !== null) teardown.push(drawLoops(list, result.summary.issues));
  const verdict = verdictOf(result);
  const { totalHops, finalStatus, issues } = result.summary;
  announce(
    `Analysis done. ${verdict.title}. ${plural(totalHops, 'hop')}, final status ${finalStatus}, ${plural(issues.length, 'issue')}.`,
  );
}

function renderVariantsOk(outcome: Extract<RequestOutcome, { kind: 'variants' }>, params: AnalyzeParams): void {
  const { report } = outcome;
  replace(results, ...renderVariants(report, copiersFor(params, outcome.body)));
  const verdict = variantsVerdict(report);
  announce(`Variants done. ${verdict.title}. ${verdict.detail} ${plural(report.findings.length, 'issue')}.`);
}

function renderRateLimited(outcome: Extract<RequestOutcome, { kind: 'rate-limited' }>, params: AnalyzeParams): void {
  const which = outcome.limit === 'day' ? 'daily' : outcome.limit === 'minute' ? 'per-minute' : '';
  const title = `Too many requests${which ? `: the ${which} limit is reached` : ''}`;
  // A variants run counts about a dozen analyses and is refused whole: the service's message says how many were left.
  const why = params.view === 'variants' ? h('p', { class: 'notice__message' }, outcome.message) : '';
  const body = h('p', {}, 'You can analyze again in ', waitBeforeRetry(outcome.retryAfter), '.');
  replace(status, notice('warning', 'rate-limited', title, why, body));
}

function renderFailed(outcome: Extract<RequestOutcome, { kind: 'failed' }>, params: AnalyzeParams): void {
  const body = h('p', {}, h('code', { class: 'error-code' }, outcome.code), ' ', outcome.message);
  replace(status, notice('error', 'failed', 'The analysis failed', body));
  if (params.view === 'variants') return; // a variant's failure is its row's: this one has no chain to draw
  const failure = {
    url: outcome.url ?? failedUrlOf(outcome.chain, params.url),
    code: outcome.code,
    message: outcome.message,
  };
  replace(results, ...renderPartialChain(outcome.chain, failure, copiersFor(params, outcome.body)));
}

/** Runs an analysis; `push` adds it to the history (a submit), otherwise the address already says it. */
async function run(params: AnalyzeParams, push: boolean): Promise<void> {
  inflight?.abort();
  const controller = new AbortController();
  inflight = controller;
  resetView();
  form.clearErrors();
  const search = searchFromParams(params);
  currentSearch = search;
  if (push && search !== window.location.search) window.history.pushState(null, '', `/${search}`);
  else if (search !== window.location.search) window.history.replaceState(null, '', `/${search}`);
  document.title = `${params.view === 'variants' ? 'Variants of ' : ''}${params.url} · hoplens`;
  replace(
    status,
    loadingNotice(
      params.url,
      () => controller.abort(),
      params.view === 'variants' ? 'Requesting the variants of ' : undefined,
    ),
  );
  if (params.view === 'variants') form.variants.textContent = 'Requesting…';
  else form.submit.textContent = 'Analyzing…';
  results.setAttribute('aria-busy', 'true');
  const answer: ApiAnswer = await analyze(params, controller.signal);
  if (inflight !== controller) return; // superseded by a newer analysis
  inflight = undefined;
  results.removeAttribute('aria-busy');
  resetView();
  if (answer.rateLimit !== undefined) showRateLimit(quota, answer.rateLimit);
  render(answer.outcome, params);
}

/** Runs what the form says: the analysis of its URL, or (`variants`) the variants view of it. */
function runForm(view?: 'variants'): void {
  const params: AnalyzeParams = { ...form.read(), ...(view === undefined ? {} : { view }) };
  if (params.url === '') {
    form.showError('url', 'Enter a URL to analyze, for example https://example.com/old-page.');
    return;
  }
  void run(params, true);
}

form.form.addEventListener('submit', (event) => {
  event.preventDefault();
  runForm();
});
form.variants.addEventListener('click', () => runForm('variants'));

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && inflight !== undefined) {
    event.preventDefault();
    inflight.abort();
  }
});

function fromAddress(): void {
  const params = paramsFromSearch(window.location.search);
  if (params === undefined) {
    inflight?.abort();
    currentSearch = '';
    resetView();
    document.title = 'hoplens: see a redirect chain';
    return;
  }
  form.fill(params);
  void run(params, false);
}

/** The monitors view in place of the analyzer: its own section, the form and results hidden. */
function showMonitors(route: MonitorsRoute): void {
  // `/#/monitors` is the same place as `/monitors`, which the address bar then shows.
  if (window.location.hash.startsWith('#/monitors')) window.history.replaceState(null, '', pathOf(route));
  form.form.hidden = true;
  status.hidden = true;
  results.hidden = true;
  const section = byId('monitors', HTMLElement);
  section.hidden = false;
  document.querySelector('.skip-link')?.setAttribute('href', '#monitors');
  new MonitorsView(section, route).start();
}

const monitors = monitorsRoute(window.location.pathname, window.location.hash);
if (monitors === undefined) {
  window.addEventListener('popstate', () => {
    // Following a `#hop-2` link also fires popstate: only a different query is a different analysis.
    if (window.location.search === currentSearch) return;
    fromAddress();
  });
  fromAddress();
  setupReportOpening();
  setupModeTabs(setupManyMode);
} else {
  byId('report-open', HTMLElement).hidden = true;
  byId('modes', HTMLElement).hidden = true;
  showMonitors(monitors);
}
