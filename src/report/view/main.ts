/**
 * The report file's script: reads the data the file embeds (`<script type="application/json" id="hoplens-data">`)
 * and shows it. Bundled by esbuild into the file itself (scripts/build-report.mjs), so the file opens offline.
 */
import type { ReportData } from '../model/report-data.js';
import { showReport } from './report-view.js';

const root = document.getElementById('report');
const source = document.getElementById('hoplens-data');
if (root !== null && source !== null) {
  try {
    performance.mark('hoplens:script');
    const data = JSON.parse(source.textContent ?? '') as ReportData;
    performance.mark('hoplens:parsed');
    showReport(root, data);
    // The first frame with the report in it has been drawn (the benchmark's "paint", bench/report-html.ts).
    requestAnimationFrame(() => setTimeout(() => performance.mark('hoplens:painted')));
  } catch (error) {
    root.textContent = `This report could not be shown: ${error instanceof Error ? error.message : String(error)}`;
  }
}
