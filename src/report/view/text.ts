/**
 * The report room's second entry for the page: the words and numbers the chain drawing writes (durations, waits,
 * status classes, how a hop led on), free of the DOM, so that the page's text-only modules (and their Node tests)
 * share them without loading the drawing.
 */
export {
  clockTime,
  formatDuration,
  formatWait,
  plural,
  STATUS_CLASS_LABEL,
  type StatusClass,
  statusClass,
} from './chain/format.js';
export { type RedirectVia, VIA_LABEL, type ViaText, viaText } from './chain/redirect-via.js';
