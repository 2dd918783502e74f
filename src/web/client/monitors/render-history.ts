/** One monitor: its settings, and its history, each row a change with the chain it saw. */

import { h } from '../../../report/view/dom.js';
import { statusClass } from '../../../report/view/page.js';
import type { MonitorBody, RunBody } from '../../../schemas/monitor.js';
import { changesSince, displayState, expectationText, intervalText, relativeTime } from './monitor-text.js';
import { clockElement, stateBadge, timeElement } from './render-monitors.js';

/** The monitor's header: URL, state, what it expects and when it runs. */
export function renderMonitorHead(monitor: MonitorBody, now: number, ...actions: HTMLElement[]): HTMLElement {
  const labels = Object.entries(monitor.labels).map(([name, value]) =>
    h('span', { class: 'label' }, `${name}: ${value}`),
  );
  const row = (term: string, ...value: Array<Node | string>) => [h('dt', {}, term), h('dd', {}, ...value)];
  // Its state colours the card's edge as it does the list's (monitors.css): red when failing, not the accent.
  return h(
    'div',
    { class: 'monitor-head', 'data-state': displayState(monitor) },
    h(
      'h2',
      { class: 'monitor-head__title' },
      stateBadge(displayState(monitor)),
      ' ',
      h('span', { class: 'monitor-head__url', translate: 'no' }, monitor.url),
    ),
    h(
      'dl',
      { class: 'monitor-head__facts' },
      ...row('Expects', expectationText(monitor.expect)),
      ...row('Runs', intervalText(monitor.interval), monitor.paused ? ' (paused)' : ''),
      ...row('Last run', monitor.lastRunAt === null ? 'not yet' : timeElement(monitor.lastRunAt, now)),
      ...(monitor.paused
        ? []
        : row('Next run', Date.parse(monitor.nextRunAt) <= now ? 'due now' : clockElement(monitor.nextRunAt, now))),
      ...(labels.length > 0 ? row('Labels', ...labels) : []),
    ),
    actions.length > 0 && h('div', { class: 'monitor-head__actions' }, ...actions),
  );
}

function renderChain(run: RunBody): HTMLElement {
  if (run.chain.length === 0) return h('p', { class: 'run__chain run__chain--empty' }, 'No hop answered.');
  return h(
    'ol',
    { class: 'run__chain' },
    ...run.chain.map((hop) =>
      h(
        'li',
        { class: 'run__hop' },
        h('span', { class: `badge badge--${statusClass(hop)}` }, hop.status),
        ' ',
        h('span', { class: 'run__hop-url', translate: 'no' }, hop.url),
      ),
    ),
  );
}

/** One row of history; `older` is the row before it in time (the next one in the page), if known. */
export function renderRun(run: RunBody, older: RunBody | undefined, now: number): HTMLElement {
  // A repeated row spans from its first run to its last, unless both read the same ("just now").
  const spans = run.repeats > 1 && relativeTime(run.startedAt, now) !== relativeTime(run.lastAt, now);
  const span = spans
    ? h('span', { class: 'run__when' }, timeElement(run.startedAt, now), ' to ', timeElement(run.lastAt, now))
    : h('span', { class: 'run__when' }, timeElement(run.lastAt, now));
  const changes = changesSince(older, run);
  return h(
    'li',
    { class: `run run--${run.outcome}`, 'data-outcome': run.outcome },
    h(
      'div',
      { class: 'run__head' },
      stateBadge(run.outcome),
      span,
      h('span', { class: 'run__repeats' }, run.repeats === 1 ? '1 run' : `${run.repeats} identical runs`),
    ),
    h('p', { class: 'run__changes' }, h('span', { class: 'visually-hidden' }, 'Change: '), changes.join('; ')),
    run.error !== undefined &&
      h('p', { class: 'run__error' }, h('code', { class: 'error-code' }, run.error.code), ' ', run.error.message),
    run.reasons.length > 0 && h('ul', { class: 'run__reasons' }, ...run.reasons.map((reason) => h('li', {}, reason))),
    renderChain(run),
    run.issues.length > 0 &&
      h(
        'p',
        { class: 'run__issues' },
        'Findings: ',
        ...run.issues.map((issue) => h('span', { class: `flag flag--${issue.severity}` }, issue.type)),
      ),
  );
}
