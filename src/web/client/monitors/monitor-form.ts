/**
 * The form that creates a monitor or edits one: URL, expectation, interval, labels and alert channels. Its fields are
 * read and checked before sending (./monitor-input.ts), every problem shown under its field at once; what the service
 * still refuses (docs/monitors.md) is shown under the field its `error.parameter` names.
 */
import { h } from '../../../report/view/dom.js';
import type { FieldProblem, MonitorFields } from './monitor-input.js';

/** The form's fields: id suffix, label, API name, hint. */
const FIELDS: ReadonlyArray<{
  key: keyof MonitorFields;
  label: string;
  parameter: string;
  hint: string;
  multi?: boolean;
}> = [
  { key: 'url', label: 'URL to check', parameter: 'url', hint: 'The http(s) address whose redirects are watched.' },
  { key: 'target', label: 'Expected final URL', parameter: 'expect.target', hint: 'Optional.' },
  { key: 'status', label: 'Expected first status', parameter: 'expect.status', hint: 'Optional: 301, 308…' },
  { key: 'maxRedirects', label: 'At most this many redirects', parameter: 'expect.maxRedirects', hint: 'Optional.' },
  { key: 'interval', label: 'Interval (seconds)', parameter: 'interval', hint: '60 to 86400; 3600 when empty.' },
  { key: 'labels', label: 'Labels', parameter: 'labels', hint: 'name=value, separated by commas.' },
  {
    key: 'alerts',
    label: 'Alert channels',
    parameter: 'alerts',
    hint: "One a line: a type and a URL (slack https://hooks…). Empty: the instance's channels.",
    multi: true,
  },
];

export interface MonitorForm {
  element: HTMLFormElement;
  /** Shows each refused field's message under it (or at the form's foot), and focuses the first. */
  showProblems(problems: readonly FieldProblem[]): void;
  /** Turns the submit button off while a request is out. */
  busy(on: boolean): void;
}

function fieldFor(parameter: string): (typeof FIELDS)[number] | undefined {
  return FIELDS.find((field) => parameter === field.parameter || parameter.startsWith(`${field.parameter}.`));
}

/** The inputs of the form and the places of their messages, by field. */
interface FieldParts {
  inputs: Map<keyof MonitorFields, HTMLInputElement | HTMLTextAreaElement>;
  errors: Map<keyof MonitorFields, HTMLElement>;
}

/** One row per field (label, input filled from `initial`, hint, hidden error), recorded in `parts`. */
function fieldRows(initial: MonitorFields, parts: FieldParts): HTMLElement[] {
  return FIELDS.map((field) => {
    const id = `monitor-${field.key}`;
    const attrs = { id, name: field.key, 'aria-describedby': `${id}-hint ${id}-error`, spellcheck: 'false' };
    const input = field.multi ? h('textarea', { ...attrs, rows: 3 }) : h('input', { ...attrs, type: 'text' });
    input.value = initial[field.key];
    if (field.key === 'url') input.required = true;
    parts.inputs.set(field.key, input);
    const error = h('p', { id: `${id}-error`, class: 'field-error', hidden: true });
    parts.errors.set(field.key, error);
    return h(
      'div',
      { class: 'monitor-form__field' },
      h('label', { for: id }, field.label),
      input,
      h('p', { id: `${id}-hint`, class: 'hint' }, field.hint),
      error,
    );
  });
}

/** Shows a refused field's message under it (or in `general`); returns its input, to be focused. */
function showFieldProblem(parts: FieldParts, general: HTMLElement, problem: FieldProblem) {
  const field = fieldFor(problem.parameter);
  const error = field === undefined ? general : parts.errors.get(field.key);
  const input = field === undefined ? undefined : parts.inputs.get(field.key);
  if (error === undefined) return undefined;
  error.textContent = problem.message;
  error.hidden = false;
  input?.setAttribute('aria-invalid', 'true');
  return input;
}

/** The form, filled with `initial`; `onSubmit` gets the fields as typed. */
export function monitorForm(
  initial: MonitorFields,
  submitLabel: string,
  onSubmit: (fields: MonitorFields) => void,
  onCancel: () => void,
): MonitorForm {
  const parts: FieldParts = { inputs: new Map(), errors: new Map() };
  const rows = fieldRows(initial, parts);
  const general = h('p', { class: 'field-error', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit', class: 'primary' }, submitLabel);
  const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
  cancel.addEventListener('click', onCancel);
  const element = h(
    'form',
    { class: 'monitor-form', novalidate: true },
    ...rows,
    general,
    h('div', { class: 'monitor-form__actions' }, submit, cancel),
  );
  const clear = () => {
    general.hidden = true;
    for (const [key, error] of parts.errors) {
      error.hidden = true;
      parts.inputs.get(key)?.removeAttribute('aria-invalid');
    }
  };
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    clear();
    const fields = Object.fromEntries(
      [...parts.inputs].map(([key, input]) => [key, input.value]),
    ) as unknown as MonitorFields;
    onSubmit(fields);
  });
  window.setTimeout(() => parts.inputs.get('url')?.focus(), 0);
  return {
    element,
    showProblems(problems) {
      const inputs = problems.map((problem) => showFieldProblem(parts, general, problem));
      inputs.find((input) => input !== undefined)?.focus();
    },
    busy(on) {
      submit.disabled = on;
    },
  };
}
