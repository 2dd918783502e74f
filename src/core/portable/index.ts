/**
 * The portable part of the core: what the web page shares with the library, the service and the CLI instead of
 * copying it. Nothing here imports Node or a package at run time (test/architecture/layers.test.ts checks it), so a
 * browser bundle can hold it; the core's entry (src/core/index.ts) re-exports it for everyone else.
 */
export { comparableUrl, EXACT_COMPARISON, type UrlComparison } from './comparable-url.js';
export { DEFAULTS, LIMITS, type Range } from './defaults.js';
export { decodePunycode, displayHost, displayUrl } from './display-url.js';
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
