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
    showReport(root, JSON.parse(source.textContent ?? '') as ReportData);
  } catch (error) {
    root.textContent = `This report could not be shown: ${error instanceof Error ? error.message : String(error)}`;
  }
}
