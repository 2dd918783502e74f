import { type AnalyzeParams, PAGE_DEFAULTS } from '../query-params.js';

/** Every row with the service's default options, as `hoplens check` runs rows with its own. */
export function paramsFor(url: string): AnalyzeParams {
  return { url, ...PAGE_DEFAULTS };
}
