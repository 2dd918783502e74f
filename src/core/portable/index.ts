/**
 * The portable part of the core: what the web page shares with the library, the service and the CLI instead of
 * copying it. Nothing here imports Node or a package at run time (test/architecture/layers.test.ts checks it), so a
 * browser bundle can hold it; the core's entry (src/core/index.ts) re-exports it for everyone else.
 */

export { temporaryRedirectIssue } from '../detectors/temporary-redirect.js';
// Pure modules of the core proper that the page's judging of check rows needs (src/check/judging.ts): the one error
// class (and the maker of a room's errors) and the temporary-redirect finding. The layers test walks everything this entry loads for Node or packages.
export { defineErrors, type HoplensError, type HoplensErrorDetails, isHoplensError } from '../errors.js';
// The URL reading inputs' text parsers use (src/inputs/portable.ts), so that the page reads lists as the CLI does.
export { parseUrlInput } from '../parse-url.js';
// The collapse threshold a run is judged by when nothing overrides it (the page has no policy file).
export { JUDGEMENT_DEFAULTS } from '../policy/judgement-defaults.js';
export { API_HEADER_PREFIX, API_HEADERS, type ApiHeader, refusedApiHeader } from './api-headers.js';
export { comparableUrl, EXACT_COMPARISON, type UrlComparison } from './comparable-url.js';
export { DEFAULTS, LIMITS, type Range } from './defaults.js';
export { decodePunycode, displayHost, displayUrl } from './display-url.js';
// Where the service serves a help page of the package's docs: the page links it, and the CI formats with HOPLENS_DOCS_URL.
export { servedDocPath } from './docs-path.js';
export { hstsText } from './hsts-text.js';
export {
  type ChoiceOption,
  type CliFlag,
  type HeaderTextOption,
  type IntegerOption,
  type IntegerOptionName,
  OPTION_TABLE,
  type OptionName,
  type OptionSpec,
  type OptionValues,
  optionSpec,
  QUERY_OPTIONS,
  type QueryOptionName,
  type SwitchOption,
} from './option-table.js';
export { countRedirects, isRedirect, type RedirectFields } from './redirect-count.js';
export { normalizeUrlInput } from './url-input.js';
export { WALL_VENDOR_NAMES, wallText } from './wall-text.js';
export { withoutFragment } from './without-fragment.js';
