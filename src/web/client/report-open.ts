/**
 * Opening a report on the page: a file picker, and a report dropped anywhere on the page. The file is read here and
 * shown in the report view (src/report/view/), the one the HTML report file shows.
 */
import { byId } from '../../report/view/dom.js';
import { showReport } from '../../report/view/page.js';
import { readReportFile } from './report-file.js';

async function open(file: File, view: HTMLElement, error: HTMLElement): Promise<void> {
  try {
    const data = readReportFile(await file.text(), file.name);
    error.hidden = true;
    view.hidden = false;
    showReport(view, data, { titleTag: 'h2' });
    view.focus();
  } catch (cause) {
    error.textContent = `${file.name}: ${cause instanceof Error ? cause.message : String(cause)}`;
    error.hidden = false;
  }
}

/** Wires the picker and the drop zone (the whole page). */
export function setupReportOpening(): void {
  const input = byId('report-file', HTMLInputElement);
  const view = byId('report-view', HTMLElement);
  const error = byId('report-error', HTMLElement);
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file !== undefined) void open(file, view, error);
  });
  document.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files[0];
    if (file === undefined) return;
    event.preventDefault();
    void open(file, view, error);
  });
}
