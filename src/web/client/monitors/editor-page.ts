/** Creating a monitor (`/monitors/new`, filled from the address by "watch this chain") or editing one in place. */

import { h, replace } from '../../../report/view/dom.js';
import type { MonitorBody } from '../../../schemas/monitor.js';
import { monitorForm } from './monitor-form.js';
import { fieldsFromQuery, fieldsOf, monitorInput, serviceProblem } from './monitor-input.js';
import { type AdminOutcome, createMonitor, replaceMonitor } from './monitors-api.js';
import { pathOf } from './route.js';
import type { ViewContext } from './view-context.js';

/** Shows the form; `existing` is the monitor being edited, none for a new one. */
export function showEditor(context: ViewContext, existing?: MonitorBody): void {
  const initial = existing === undefined ? fieldsFromQuery(window.location.search) : fieldsOf(existing);
  const back = () =>
    context.go(existing === undefined ? pathOf({ view: 'list' }) : pathOf({ view: 'monitor', id: existing.id }));
  const form = monitorForm(
    initial,
    existing === undefined ? 'Create monitor' : 'Save changes',
    (fields) => {
      const input = monitorInput(fields, existing);
      if (Array.isArray(input)) {
        form.showProblems(input);
        return;
      }
      form.busy(true);
      const sent: Promise<AdminOutcome<MonitorBody>> =
        existing === undefined
          ? createMonitor(context.token, input)
          : replaceMonitor(context.token, existing.id, input);
      void sent.then((outcome) => {
        form.busy(false);
        if (outcome.kind === 'invalid') form.showProblems([serviceProblem(outcome.parameter ?? '', outcome.message)]);
        else if (!context.problem(outcome, () => showEditor(context, existing)) && outcome.kind === 'ok') {
          context.go(pathOf({ view: 'monitor', id: outcome.body.id }));
        }
      });
    },
    back,
  );
  // A new monitor's page is titled so already (h2); editing happens on the monitor's page, titled "Monitor".
  replace(
    context.body,
    existing !== undefined && h('h3', { class: 'monitor-form__title' }, `Edit ${existing.url}`),
    form.element,
  );
}
