/** The list of monitors: failing first, filtered by a label, each with its strip of recent outcomes. */

import { h, replace } from '../../../report/view/dom.js';
import type { MonitorBody } from '../../../schemas/monitor.js';
import { failingFirst, labelChoices, withLabel } from './monitor-stats.js';
import { listMonitors, monitorRuns } from './monitors-api.js';
import { fillStrip, renderMonitorList, STRIP_RUNS } from './render-monitors.js';
import type { ViewContext } from './view-context.js';

/** Strips loaded at once: a page of many monitors must not open as many requests. */
const STRIP_CONCURRENCY = 4;

/** The label filter; its choice lives in the address (`?label=team: web`), so a filtered list can be linked to. */
function labelFilter(monitors: readonly MonitorBody[], chosen: string, onChange: (choice: string) => void) {
  const choices = labelChoices(monitors);
  const select = h('select', { id: 'label-filter' }, h('option', { value: '' }, 'All monitors'));
  for (const choice of choices) select.append(h('option', { value: choice, selected: choice === chosen }, choice));
  select.addEventListener('change', () => onChange(select.value));
  return h('div', { class: 'label-filter' }, h('label', { for: 'label-filter' }, 'Label'), select);
}

export async function loadList(context: ViewContext, extra: HTMLElement[]): Promise<void> {
  const outcome = await listMonitors(context.token);
  if (context.problem(outcome, () => void loadList(context, extra)) || outcome.kind !== 'ok') return;
  const all = failingFirst(outcome.body.monitors);
  const list = h('div', { class: 'monitors__list' });
  const show = (choice: string) => {
    const shown = withLabel(all, choice);
    const { element, strips } = renderMonitorList(shown, Date.now());
    replace(list, element);
    void fillStrips(context.token, shown, strips);
  };
  const chosen = new URLSearchParams(window.location.search).get('label') ?? '';
  const choices = labelChoices(all);
  const start = choices.includes(chosen) ? chosen : '';
  const toolbar = h(
    'div',
    { class: 'monitors__toolbar' },
    h(
      'span',
      { class: 'monitors__create' },
      h('a', { class: 'button primary', href: '/monitors/new' }, 'New monitor'),
      h('a', { class: 'button secondary', href: '/monitors/import' }, 'Import'),
    ),
    choices.length > 0 &&
      labelFilter(all, start, (choice) => {
        const query = choice === '' ? '' : `?${new URLSearchParams({ label: choice }).toString()}`;
        window.history.replaceState(null, '', `/monitors${query}`);
        show(choice);
      }),
  );
  replace(context.body, toolbar, list, ...extra);
  show(start);
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
