/** `/monitors/import`: monitors from a pasted CSV, list or rules file, one POST a row, as `hoplens monitor import`. */
import { h, replace } from '../../../report/view/dom.js';
import { plural } from '../../../report/view/page.js';
import {
  IMPORT_FORMATS,
  type ImportFormat,
  importIdentity,
  importItems,
  monitorIdentity,
  rowMonitor,
} from './import-rows.js';
import { monitorInput } from './monitor-input.js';
import { createMonitor, listMonitors } from './monitors-api.js';
import type { ViewContext } from './view-context.js';

function field(id: string, label: string, control: HTMLElement): HTMLElement {
  return h('div', { class: 'monitor-form__field' }, h('label', { for: id }, label), control);
}

/** Imports the rows; returns the lines to show (the counts first, then each refused or unreadable row). */
async function runImport(
  context: ViewContext,
  format: ImportFormat,
  text: string,
  base: string,
  labels: string,
  interval: string,
) {
  // The form's own reading of labels and interval, so both forms refuse the same text (the URL is each row's).
  const blank = { target: '', status: '', maxRedirects: '', alerts: '' };
  const shared = monitorInput({ url: 'https://row.invalid/', ...blank, interval, labels });
  if (Array.isArray(shared)) return shared.map((problem) => `${problem.parameter}: ${problem.message}`);
  let items: Awaited<ReturnType<typeof importItems>>;
  try {
    items = await importItems(format, text, base);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const listed = await listMonitors(context.token);
  if (context.problem(listed, () => showImport(context)) || listed.kind !== 'ok') return undefined;
  const known = new Set(listed.body.monitors.map(monitorIdentity));
  const counts = { created: 0, unchanged: 0, failed: 0, invalid: 0, skipped: 0 };
  const told: string[] = [];
  for (const item of items) {
    if (item.kind === 'skipped') counts.skipped++;
    if (item.kind === 'invalid') {
      counts.invalid++;
      told.push(`line ${item.line}: ${item.message}`);
    }
    if (item.kind !== 'row') continue;
    const key = importIdentity(item.row.source, item.row.target, item.row.status);
    if (known.has(key)) {
      counts.unchanged++;
      continue;
    }
    const outcome = await createMonitor(context.token, rowMonitor(item.row, shared.interval, shared.labels ?? {}));
    if (outcome.kind === 'ok') {
      counts.created++;
      known.add(key);
    } else {
      counts.failed++;
      told.push(`line ${item.row.line}: ${item.row.source}: ${'message' in outcome ? outcome.message : outcome.kind}`);
    }
  }
  const summary = `${plural(counts.created, 'monitor')} created, ${counts.unchanged} unchanged, ${counts.failed} failed, ${counts.invalid} invalid, ${counts.skipped} skipped`;
  return [summary, ...told];
}

export function showImport(context: ViewContext): void {
  const format = h('select', { id: 'import-format' });
  for (const [value, label] of IMPORT_FORMATS) format.append(h('option', { value }, label));
  const base = h('input', {
    id: 'import-base',
    type: 'text',
    spellcheck: 'false',
    placeholder: 'https://www.example.com',
  });
  const interval = h('input', { id: 'import-interval', type: 'text', placeholder: '3600' });
  const labels = h('input', { id: 'import-labels', type: 'text', placeholder: 'team=web' });
  const text = h('textarea', { id: 'import-text', rows: 10, spellcheck: 'false' });
  const result = h('div', { class: 'import-result', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Import');
  const form = h(
    'form',
    { class: 'monitor-form', novalidate: true },
    field('import-format', 'Format', format),
    field('import-base', 'Base URL (for paths)', base),
    field('import-interval', 'Interval (seconds)', interval),
    field('import-labels', 'Labels', labels),
    field('import-text', 'Rows to import', text),
    h('div', { class: 'monitor-form__actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    replace(result, 'Importing…');
    void runImport(
      context,
      format.value as ImportFormat,
      text.value,
      base.value.trim(),
      labels.value,
      interval.value,
    ).then((lines) => {
      submit.disabled = false;
      if (lines === undefined) return;
      const [first, ...rest] = lines;
      replace(
        result,
        h('p', { class: 'import-result__summary' }, first),
        rest.length > 0 && h('ul', {}, ...rest.map((line) => h('li', {}, line))),
      );
    });
  });
  window.setTimeout(() => text.focus(), 0);
  replace(context.body, form, result);
}
