/**
 * The report room's entry for the page (src/web/client/): the chain drawing and the text helpers it is made of, shared
 * with the report view so that a report's row unfolds into the chain exactly as the page draws one, and the report
 * view itself, which the page shows a dropped report in. The DOM kit both build with is its own page entry
 * (src/report/view/dom.ts). Browser code only: no Node module.
 */

export { reportDocument, type ViewAssets } from '../html-document.js';
export type { ReportData } from '../model/report-data.js';
export { ReportDataBuilder } from '../model/report-data.js';
export {
  clockTime,
  formatDuration,
  formatWait,
  plural,
  STATUS_CLASS_LABEL,
  type StatusClass,
  statusClass,
} from './chain/format.js';
export { helpLink } from './chain/help-link.js';
export type { Hop, Issue } from './chain/hop-types.js';
export { copyIcon, viaIcon } from './chain/icons.js';
export { type RedirectVia, VIA_LABEL, viaText } from './chain/redirect-via.js';
export {
  type ChainOptions,
  drawLoops,
  type FailedStep,
  failedUrlOf,
  hopId,
  renderChain,
} from './chain/render-chain.js';
export { showReport } from './report-view.js';
