/** A monitor's page, above its history: uptime over 24 h, 7 and 30 days, the response-time chart, chain changes, alerts. */

import { h } from '../../../report/view/dom.js';
import { formatDuration } from '../../../report/view/page.js';
import type { AlertSentBody, RunBody, RunTicksBody } from '../../../schemas/monitor.js';
import { percentText, UPTIME_WINDOWS, uptime } from './monitor-stats.js';
import { changesSince } from './monitor-text.js';
import { timeElement } from './render-monitors.js';
import { responseChart } from './response-chart.js';

/** The uptime of each window, as a definition list ("no runs" where the window has none). */
export function renderUptime(ticks: RunTicksBody, now: number): HTMLElement {
  const items = UPTIME_WINDOWS.flatMap((window) => {
    const value = uptime(ticks, now - window.ms);
    return [
      h('dt', {}, window.label),
      h(
        'dd',
        { 'data-window': window.label },
        value === null ? 'no runs' : percentText(value.share),
        value === null ? '' : h('span', { class: 'uptime__runs' }, ` of ${value.runs} runs`),
      ),
    ];
  });
  return h('dl', { class: 'uptime' }, ...items);
}

/** The response-time chart over the retained runs, from the first to the last, its scale in words around it. */
export function renderChart(ticks: RunTicksBody, now: number): HTMLElement {
  const first = ticks.at[0];
  const last = ticks.at.at(-1);
  if (first === undefined || last === undefined) {
    return h('figure', { class: 'response' }, h('p', { class: 'history__empty' }, 'No runs yet.'));
  }
  const slowest = Math.max(...ticks.durationMs);
  const stamp = (ms: number) => timeElement(new Date(ms).toISOString(), now);
  return h(
    'figure',
    { class: 'response' },
    h(
      'figcaption',
      { class: 'response__title' },
      'Response time of each run, ',
      h('span', { class: 'response__max' }, `up to ${formatDuration(slowest)}`),
    ),
    responseChart(ticks, first, Math.max(last, first + 1)),
    h('p', { class: 'response__range' }, stamp(first), stamp(last)),
  );
}

/** Each row of history as a point of the chain's timeline: when it changed, and what. */
export function renderChanges(runs: readonly RunBody[], now: number): HTMLElement {
  return h(
    'ol',
    { class: 'changes', 'aria-label': 'Chain changes, newest first' },
    ...runs.map((run, index) =>
      h(
        'li',
        { class: `changes__item changes__item--${run.outcome}` },
        h('span', { class: 'changes__when' }, timeElement(run.startedAt, now)),
        ' ',
        changesSince(runs[index + 1], run).join('; '),
      ),
    ),
  );
}

/** The alerts sent (and those pending or given up), newest first. */
export function renderAlerts(alerts: readonly AlertSentBody[], now: number): HTMLElement {
  if (alerts.length === 0) return h('p', { class: 'history__empty' }, 'No alerts yet.');
  return h(
    'ul',
    { class: 'alerts-sent' },
    ...[...alerts]
      .reverse()
      .map((alert) =>
        h(
          'li',
          { class: `alert-sent alert-sent--${alert.status}` },
          h('span', { class: `badge alert-sent__status` }, alert.status),
          ' ',
          alert.event.replace(/^monitor\./, ''),
          ` by ${alert.channel}, `,
          timeElement(alert.sentAt ?? alert.createdAt, now),
          alert.lastError === null ? '' : h('span', { class: 'alert-sent__error' }, ` (${alert.lastError})`),
        ),
      ),
  );
}
