import {
  type AnalyzeParams,
  DEFAULT_CLIENT_REDIRECTS,
  DEFAULT_CRAWLER,
  DEFAULT_MAX_HOPS,
  DEFAULT_RENDER,
  DEFAULT_RENDER_WAIT,
  DEFAULT_TIMEOUT,
} from '../query-params.js';

/** Every row with the service's default options, as `hoplens check` runs rows with its own. */
export function paramsFor(url: string): AnalyzeParams {
  return {
    url,
    maxHops: DEFAULT_MAX_HOPS,
    timeout: DEFAULT_TIMEOUT,
    userAgent: '',
    clientRedirects: DEFAULT_CLIENT_REDIRECTS,
    render: DEFAULT_RENDER,
    renderWait: DEFAULT_RENDER_WAIT,
    crawler: DEFAULT_CRAWLER,
  };
}
