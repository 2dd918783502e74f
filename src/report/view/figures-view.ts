/**
 * The top of a report: the verdict in a sentence, the figures as cards, the four charts, why rows failed, the collapse
 * targets and the slowest chains. Every number is text in the page (`data-figure` names it for tests).
 */
import { type ReportFigures, TIME_BOUNDS } from '../model/figures.js';
import type { ReportData } from '../model/report-data.js';
import { pathOn } from '../model/shared-origin.js';
import { formatDuration, plural } from './chain/format.js';
import { type Bar, barChart } from './charts.js';
import { h } from './dom.js';

function card(id: string, label: string, value: number | string, tone?: string): HTMLElement {
  return h(
    'div',
    { class: `card${tone === undefined ? '' : ` card--${tone}`}` },
    h(
      'span',
      { class: 'card__value', 'data-figure': id },
      typeof value === 'number' ? value.toLocaleString('en-US') : value,
    ),
    h('span', { class: 'card__label' }, label),
  );
}

function statusTone(status: number): string {
  if (status >= 200 && status < 300) return 'success';
  if (status === 301 || status === 308) return 'permanent';
  if (status >= 300 && status < 400) return 'temporary';
  return status >= 400 ? 'error' : 'other';
}

function timeLabel(index: number): string {
  const low = index === 0 ? 0 : TIME_BOUNDS[index - 1]!;
  const high = TIME_BOUNDS[index];
  return high === undefined ? `≥ ${formatDuration(low)}` : `${formatDuration(low)}–${formatDuration(high)}`;
}

function verdict(figures: ReportFigures): HTMLElement {
  const bad = figures.outcomes.failed + figures.outcomes.errored;
  const text =
    bad === 0
      ? `All ${figures.rows.toLocaleString('en-US')} rows passed.`
      : `${bad.toLocaleString('en-US')} of ${figures.rows.toLocaleString('en-US')} rows need attention: ${figures.outcomes.failed.toLocaleString('en-US')} failed, ${figures.outcomes.errored.toLocaleString('en-US')} could not be checked.`;
  // Rows behind a bot wall are neither good nor bad: said apart.
  const walled = figures.outcomes.inconclusive;
  const apart =
    walled === 0 ? '' : ` ${walled.toLocaleString('en-US')} inconclusive: a bot wall answered instead of the page.`;
  return h(
    'p',
    { class: `verdict verdict--${bad === 0 ? 'ok' : 'error'}`, 'data-verdict': bad === 0 ? 'pass' : 'fail' },
    text + apart,
  );
}

function charts(figures: ReportFigures): HTMLElement {
  const { outcomes, redirects } = figures;
  const outcomeBars: Bar[] = [
    { label: 'passed', value: outcomes.passed, tone: 'success' },
    { label: 'failed', value: outcomes.failed, tone: 'error' },
    { label: 'errored', value: outcomes.errored, tone: 'other' },
    // Shown when a bot wall answered some rows: most runs meet none.
    ...(outcomes.inconclusive > 0
      ? [{ label: 'inconclusive', value: outcomes.inconclusive, tone: 'other' as const }]
      : []),
  ];
  const redirectBars = redirects.map((value, n) => ({
    label: n === redirects.length - 1 ? `${n}+ redirects` : plural(n, 'redirect'),
    value,
    tone: n < 2 ? 'permanent' : 'temporary',
  }));
  const statusBars = figures.statuses.map(([status, value]) => ({
    label: String(status),
    value,
    tone: statusTone(status),
  }));
  const timeBars = figures.times.map((value, index) => ({ label: timeLabel(index), value }));
  return h(
    'div',
    { class: 'charts' },
    barChart('outcomes', 'Rows by outcome', outcomeBars),
    barChart('redirects', 'Redirects per row', redirectBars),
    barChart('statuses', 'Final status codes', statusBars),
    barChart('times', 'Time per chain', timeBars),
  );
}

function lists(figures: ReportFigures, data: ReportData): HTMLElement {
  const reasons = h(
    'section',
    { class: 'facts' },
    h('h3', {}, 'Why rows failed'),
    figures.reasons.length === 0
      ? h('p', {}, 'No row failed.')
      : h(
          'ul',
          {},
          ...figures.reasons.map(([reason, count]) =>
            h('li', {}, h('strong', {}, count.toLocaleString('en-US')), ` ${reason}`),
          ),
        ),
  );
  const targets = data.collapse?.targets ?? [];
  const collapse = h(
    'section',
    { class: 'facts' },
    h('h3', {}, 'Collapse targets'),
    targets.length === 0
      ? h('p', {}, 'No final URL drew many rows that did not expect it.')
      : h(
          'ul',
          {},
          ...targets.map((t) =>
            h(
              'li',
              {},
              h('strong', { 'data-collapse': t.finalUrl }, t.rows.toLocaleString('en-US')),
              ' rows → ',
              h('span', { class: 'url' }, t.finalUrl),
            ),
          ),
        ),
  );
  const slowest = h(
    'section',
    { class: 'facts' },
    h('h3', {}, 'Slowest chains'),
    figures.sourceOrigin === undefined
      ? undefined
      : h('p', { class: 'origin-note' }, 'On ', h('span', { class: 'url' }, figures.sourceOrigin)),
    h(
      'ol',
      { 'data-list': 'slowest' },
      ...figures.slowest.map((chain) =>
        h(
          'li',
          { 'data-source': chain.source, title: chain.source },
          h('strong', {}, formatDuration(chain.time)),
          ' ',
          h('span', { class: 'url' }, pathOn(chain.source, figures.sourceOrigin)),
          ` (${plural(chain.hops, 'hop')})`,
        ),
      ),
    ),
  );
  return h('div', { class: 'facts-grid' }, reasons, collapse, slowest);
}

/** The figures section. */
export function figuresView(figures: ReportFigures, data: ReportData): HTMLElement {
  const { outcomes } = figures;
  const cards = h(
    'div',
    { class: 'cards' },
    card('rows', 'rows', figures.rows),
    card('passed', 'passed', outcomes.passed, 'success'),
    card('failed', 'failed', outcomes.failed, 'error'),
    card('errored', 'errored', outcomes.errored, 'other'),
    ...(outcomes.inconclusive > 0 ? [card('inconclusive', 'inconclusive', outcomes.inconclusive, 'other')] : []),
    card('permanent', 'permanent redirects', figures.permanent, 'permanent'),
    card('temporary', 'temporary redirects', figures.temporary, 'temporary'),
  );
  return h(
    'section',
    { class: 'figures', 'aria-labelledby': 'figures-title' },
    h('h2', { id: 'figures-title' }, 'Summary'),
    verdict(figures),
    cards,
    charts(figures),
    lists(figures, data),
  );
}
