/**
 * The many-URLs run's files offered in the browser: the HTML report (the CLI's document, src/report/html-document.ts,
 * around the report view this service serves beside the page), and the download of any of them; the CSV and json
 * reports' texts are ./report-texts.ts.
 */
import { type ReportData, reportDocument } from '../../../report/view/page.js';

/** The HTML report file of `data`: the view's script and styles fetched from this service, then inlined. */
export async function htmlReport(data: ReportData): Promise<string> {
  const [script, styles] = await Promise.all(
    ['/report-view.js', '/report-view.css'].map(async (path) => {
      const response = await fetch(path);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.text();
    }),
  );
  return reportDocument(data, { script: script!, styles: styles! });
}

/** Offers `text` as a file called `name`. */
export function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
