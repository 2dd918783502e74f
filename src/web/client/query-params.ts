/**
 * The analysis query, in the page's address (`/?url=...&maxHops=...`) and in the API call. Values stay strings: the
 * service is the one judge of what is valid, and its 400 then speaks about what the person typed.
 */
import {
  API_HEADER_PREFIX,
  DEFAULTS,
  type IntegerOptionName,
  optionSpec,
  type QueryOptionName,
} from '../../core/portable/index.js';

/**
 * The option table's options the page offers, in the order its address gives them. Their defaults, ranges and
 * descriptions are the table's (src/core/portable/option-table.ts); only the choice of options is the page's.
 */
export const PAGE_OPTIONS = [
  'maxHops',
  'timeout',
  'userAgent',
  'clientRedirects',
  'asBrowser',
  'render',
  'renderWait',
  'crawler',
] as const satisfies readonly QueryOptionName[];

/** An option of the page's query. */
export type PageOptionName = (typeof PAGE_OPTIONS)[number];

/**
 * The API's defaults, as the address and the form hold them: text. An empty User-Agent is the service's own agent
 * (the form shows the default as a placeholder).
 */
export const PAGE_DEFAULTS: Readonly<Record<PageOptionName, string>> = Object.freeze(
  Object.fromEntries(PAGE_OPTIONS.map((name) => [name, name === 'userAgent' ? '' : String(DEFAULTS[name])])) as Record<
    PageOptionName,
    string
  >,
);

export const DEFAULT_MAX_HOPS = PAGE_DEFAULTS.maxHops;
export const DEFAULT_TIMEOUT = PAGE_DEFAULTS.timeout;
export const DEFAULT_CLIENT_REDIRECTS = PAGE_DEFAULTS.clientRedirects;
export const DEFAULT_AS_BROWSER = PAGE_DEFAULTS.asBrowser;
export const DEFAULT_RENDER = PAGE_DEFAULTS.render;
export const DEFAULT_RENDER_WAIT = PAGE_DEFAULTS.renderWait;
export const DEFAULT_CRAWLER = PAGE_DEFAULTS.crawler;

/**
 * The query: `url` and the page's options, each as text (`userAgent` empty: the service's own agent; `render`
 * `true` only where the instance renders; `renderWait` meaningful with it).
 */
export type AnalyzeParams = { url: string } & Record<PageOptionName, string> & {
    /**
     * Request headers, `[name, value]` with the name in lower case, sent as the API's `header.NAME` parameters (the
     * service judges the names: src/core/portable/api-headers.ts). Absent when there are none.
     */
    headers?: ReadonlyArray<readonly [string, string]>;
    /** `variants`: the variants view of the URL (`GET /api/variants`) instead of its analysis. Absent for an analysis. */
    view?: 'variants';
  };

/** The page's integer options (a number field each, its range the table's). */
export const PAGE_INTEGER_OPTIONS = PAGE_OPTIONS.filter(
  (name): name is PageOptionName & IntegerOptionName => optionSpec(name).kind === 'integer',
);

/** The options that leave the address when they hold their default, with that default: all but `maxHops`. */
const OPTIONAL = PAGE_OPTIONS.filter((name) => name !== 'maxHops').map((name) => [name, PAGE_DEFAULTS[name]] as const);

/** Whether a query differs from the defaults in anything but its URL (the options panel then opens). */
export function hasOptions(params: AnalyzeParams): boolean {
  return (
    params.maxHops !== DEFAULT_MAX_HOPS ||
    OPTIONAL.some(([name, fallback]) => params[name] !== fallback) ||
    (params.headers?.length ?? 0) > 0
  );
}

/** The `header.NAME` parameters of a query, in their order, names lower-cased as the API wants them. */
function headersOf(query: URLSearchParams): Array<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  for (const [parameter, value] of query) {
    if (!parameter.startsWith(API_HEADER_PREFIX)) continue;
    const name = parameter.slice(API_HEADER_PREFIX.length).trim().toLowerCase();
    if (name !== '') headers.push([name, value]);
  }
  return headers;
}

/** The query from an address's search part; undefined when it names no URL. */
export function paramsFromSearch(search: string): AnalyzeParams | undefined {
  const query = new URLSearchParams(search);
  const url = query.get('url')?.trim();
  if (!url) return undefined;
  const read = (name: string, fallback: string) => query.get(name)?.trim() || fallback;
  const headers = headersOf(query);
  const options = PAGE_OPTIONS.map((name) => [
    name,
    name === 'userAgent' ? (query.get(name) ?? '') : read(name, PAGE_DEFAULTS[name]),
  ]);
  return {
    ...(query.get('view') === 'variants' ? { view: 'variants' as const } : {}),
    ...(headers.length === 0 ? {} : { headers }),
    url,
    ...(Object.fromEntries(options) as Record<PageOptionName, string>),
  };
}

/**
 * The search part for the query: `url` and `maxHops` always (the shape people share), the other options only when
 * they differ from the defaults, so that shared links stay short.
 */
export function searchFromParams(params: AnalyzeParams): string {
  return `?${params.view === undefined ? '' : `view=${params.view}&`}${apiQuery(params)}`;
}

/** The query the API takes: the address's but `view`, which names the API route instead. */
function apiQuery(params: AnalyzeParams): string {
  const query = new URLSearchParams({ url: params.url, maxHops: params.maxHops || DEFAULT_MAX_HOPS });
  for (const [name, fallback] of OPTIONAL) {
    if (params[name] && params[name] !== fallback) query.set(name, params[name]);
  }
  for (const [name, value] of params.headers ?? []) query.append(`${API_HEADER_PREFIX}${name}`, value);
  return query.toString();
}

/** The API path for the query: `/api/analyze`, or `/api/variants` for the variants view, with the same parameters. */
export function apiPath(params: AnalyzeParams): string {
  return `/api/${params.view === 'variants' ? 'variants' : 'analyze'}?${apiQuery(params)}`;
}

/**
 * What a person typed, made into a URL to submit: the command line's rule (a bare host gets `https://`), from the
 * core's portable entry because the core's own entry pulls in Node modules a browser bundle cannot hold.
 */
export { normalizeUrlInput } from '../../core/portable/index.js';
