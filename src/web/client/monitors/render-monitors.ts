/** The monitors list: each monitor's state, last run and a strip of its recent outcomes. */

import { h, replace } from '../../../report/view/dom.js';
import { plural } from '../../../report/view/page.js';
import type { MonitorBody, RunBody } from '../../../schemas/monitor.js';
import {
  displayState,
  expectationText,
  intervalText,
  outcomesSummary,
  recentOutcomes,
  relativeTime,
} from './monitor-text.js';
import { pathOf } from './route.js';

/** How many runs a strip shows. */
export const STRIP_RUNS = 30;

/** A badge with the word of the state, coloured by it. */
export function stateBadge(state: string): HTMLElement {
  return h('span', { class: `badge state state--${state}`, 'data-state': state }, state);
}

/** `<time>` with the instant in full as its title and a relative text. */
export function timeElement(iso: string, now: number): HTMLElement {
  return h('time', { datetime: iso, title: new Date(iso).toLocaleString() }, relativeTime(iso, now));
}

/** `<time>` saying the instant itself and how far it is: `14:05:09 (in 34 s)`, for a run to come. */
export function clockElement(iso: string, now: number): HTMLElement {
  const when = new Date(iso);
  const day = when.toDateString() === new Date(now).toDateString() ? '' : `${when.toLocaleDateString()} `;
  return h(
    'time',
    { datetime: iso, title: when.toLocaleString() },
    `${day}${when.toLocaleTimeString()} (${relativeTime(iso, now)})`,
  );
}

/** The strip of recent outcomes, oldest left; filled in once the monitor's history is loaded. */
export function fillStrip(strip: HTMLElement, runs: readonly RunBody[]): void {
  const outcomes = recentOutcomes(runs, STRIP_RUNS);
  strip.setAttribute('aria-label', outcomesSummary(outcomes));
  strip.removeAttribute('aria-busy');
  strip.dataset.runs = String(outcomes.length);
  if (outcomes.length === 0) {
    replace(strip, h('span', { class: 'strip__empty', 'aria-hidden': 'true' }, 'no runs yet'));
    return;
  }
  replace(
    strip,
    ...outcomes.map((outcome) => h('span', { class: `strip__cell strip__cell--${outcome}`, 'data-outcome': outcome })),
  );
}

function monitorItem(monitor: MonitorBody, now: number): { item: HTMLElement; strip: HTMLElement } {
  const strip = h('span', { class: 'strip', role: 'img', 'aria-label': 'Loading recent runs', 'aria-busy': 'true' });
  const labels = Object.entries(monitor.labels).map(([name, value]) =>
    h('span', { class: 'label' }, `${name}: ${value}`),
  );
  const item = h(
    'li',
    { class: 'monitor', 'data-id': monitor.id, 'data-state': displayState(monitor) },
    h(
      'div',
      { class: 'monitor__head' },
      stateBadge(displayState(monitor)),
      h(
        'a',
        { class: 'monitor__url', href: pathOf({ view: 'monitor', id: monitor.id }), translate: 'no' },
        monitor.url,
      ),
    ),
    h('p', { class: 'monitor__expect' }, expectationText(monitor.expect), ' · ', intervalText(monitor.interval)),
    h(
      'div',
      { class: 'monitor__runs' },
      h(
        'span',
        { class: 'monitor__last' },
        'Last run: ',
        monitor.lastRunAt === null ? 'not yet' : timeElement(monitor.lastRunAt, now),
      ),
      strip,
    ),
    labels.length > 0 && h('p', { class: 'monitor__labels' }, ...labels),
  );
  return { item, strip };
}

/** The list, and the strips to fill, by monitor id. */
export function renderMonitorList(
  monitors: readonly MonitorBody[],
  now: number,
): { element: HTMLElement; strips: Map<string, HTMLElement> } {
  const strips = new Map<string, HTMLElement>();
  if (monitors.length === 0) {
    const empty = h(
      'p',
      { class: 'monitors__empty' },
      'No monitors yet. Create one with New monitor, with POST /api/monitors, or from a file with hoplens monitor import FILE: see docs/monitors.md.',
    );
    return { element: empty, strips };
  }
  const counts = new Map<string, number>();
  for (const monitor of monitors) counts.set(displayState(monitor), (counts.get(displayState(monitor)) ?? 0) + 1);
  const summary = [...counts].map(([state, count]) => `${count} ${state}`).join(', ');
  const list = h('ul', { class: 'monitor-list' });
  for (const monitor of monitors) {
    const { item, strip } = monitorItem(monitor, now);
    strips.set(monitor.id, strip);
    list.append(item);
  }
  const element = h(
    'div',
    {},
    h('p', { class: 'monitors__summary' }, `${plural(monitors.length, 'monitor')}: ${summary}`),
    list,
  );
  return { element, strips };
}
