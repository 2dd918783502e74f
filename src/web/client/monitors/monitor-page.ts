/**
 * One monitor: its settings with Run now, Edit, Pause or Resume and Delete (confirmed), its uptime and response-time
 * chart over every retained run, its chain changes, the alerts sent, and its history newest first.
 */

import { h, replace } from '../../../report/view/dom.js';
import type { MonitorBody, RunBody } from '../../../schemas/monitor.js';
import { button } from '../render-states.js';
import { showEditor } from './editor-page.js';
import {
  deleteMonitor,
  getMonitor,
  monitorAlerts,
  monitorRuns,
  monitorTicks,
  runNow,
  setPaused,
} from './monitors-api.js';
import { renderMonitorHead, renderRun } from './render-history.js';
import { renderAlerts, renderChanges, renderChart, renderUptime } from './render-monitor-stats.js';
import { pathOf } from './route.js';
import type { ViewContext } from './view-context.js';

/** History rows per page. */
const HISTORY_PAGE = 20;
/** The longest uptime window: the chart covers it too. */
const TICK_DAYS = 30;

/** A button that turns itself off and says `busy` while its action runs. */
function actionButton(label: string, busy: string, action: () => Promise<void>, style = 'secondary') {
  const element = button(
    label,
    () => {
      element.disabled = true;
      element.textContent = busy;
      void action();
    },
    style,
  );
  return element;
}

/** Delete, asking first in place: the question and its two answers replace the button until answered. */
function deleteControl(context: ViewContext, monitor: MonitorBody): HTMLElement {
  const box = h('span', { class: 'confirm' });
  const ask = button('Delete', () => {
    const yes = actionButton(
      'Delete monitor and history',
      'Deleting…',
      async () => {
        const outcome = await deleteMonitor(context.token, monitor.id);
        if (!context.problem(outcome, () => void loadMonitor(context, monitor.id)))
          context.go(pathOf({ view: 'list' }));
      },
      'danger',
    );
    const no = button('Keep it', () => {
      replace(box, ask);
      ask.focus();
    });
    replace(
      box,
      h('span', { class: 'confirm__question', role: 'alert' }, 'Delete this monitor and its history?'),
      yes,
      no,
    );
    no.focus();
  });
  replace(box, ask);
  return box;
}

function actions(context: ViewContext, monitor: MonitorBody): HTMLElement[] {
  const reload = () => void loadMonitor(context, monitor.id);
  const act = (outcome: Promise<{ kind: string }>) =>
    outcome.then((result) => {
      if (!context.problem(result as never, reload)) reload();
    });
  return [
    actionButton('Run now', 'Running…', () => act(runNow(context.token, monitor.id)), 'primary'),
    button('Edit', () => showEditor(context, monitor)),
    monitor.paused
      ? actionButton('Resume', 'Resuming…', () => act(setPaused(context.token, monitor.id, false)))
      : actionButton('Pause', 'Pausing…', () => act(setPaused(context.token, monitor.id, true))),
    deleteControl(context, monitor),
  ];
}

function history(context: ViewContext, id: string, first: RunBody[], next: string | null, now: number) {
  const list = h('ol', { class: 'history', 'aria-label': 'History, newest first' });
  const more = h('div', { class: 'history__more' });
  let runs = first;
  const show = (after: string | null) => {
    replace(list, ...runs.map((item, index) => renderRun(item, runs[index + 1], now)));
    replace(
      more,
      after !== null &&
        button('Older runs', () => {
          void monitorRuns(context.token, id, HISTORY_PAGE, after).then((older) => {
            if (context.problem(older, () => void loadMonitor(context, id)) || older.kind !== 'ok') return;
            runs = [...runs, ...older.body.runs];
            show(older.body.next);
          });
        }),
    );
  };
  show(next);
  return [runs.length === 0 ? h('p', { class: 'history__empty' }, 'No runs yet.') : list, more];
}

export async function loadMonitor(context: ViewContext, id: string): Promise<void> {
  const { token } = context;
  const [monitor, page, ticks, alerts] = await Promise.all([
    getMonitor(token, id),
    monitorRuns(token, id, HISTORY_PAGE),
    monitorTicks(token, id, TICK_DAYS),
    monitorAlerts(token, id),
  ]);
  const retry = () => void loadMonitor(context, id);
  for (const outcome of [monitor, page, ticks, alerts]) if (context.problem(outcome, retry)) return;
  if (monitor.kind !== 'ok' || page.kind !== 'ok' || ticks.kind !== 'ok' || alerts.kind !== 'ok') return;
  document.title = `${monitor.body.url} · monitor · hoplens`;
  const now = Date.now();
  const section = (title: string, ...content: Array<Node | false>) =>
    h('section', { class: 'monitor-part' }, h('h3', { class: 'history__title' }, title), ...content);
  replace(
    context.body,
    renderMonitorHead(monitor.body, now, ...actions(context, monitor.body)),
    section('Uptime', renderUptime(ticks.body, now), renderChart(ticks.body, now)),
    section(
      'Chain changes',
      page.body.runs.length === 0
        ? h('p', { class: 'history__empty' }, 'No runs yet.')
        : renderChanges(page.body.runs, now),
    ),
    section('Alerts', renderAlerts(alerts.body.alerts, now)),
    section('History', ...history(context, id, page.body.runs, page.body.next, now)),
  );
}
