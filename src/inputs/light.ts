/*
 * The inputs room's light entry, beside index.ts and patterns/index.ts: the parts that load no reader. A command line
 * declares its `--input` and `--variant` choices with these names at start-up, and says why a file cannot be written
 * in the words inputs use for reading, without loading the readers, the CSV parser or the sitemap fetcher (they load
 * with the command that runs: `hoplens URL` never loads them).
 */
export { INPUTS_ERROR_CODES, INPUTS_ERROR_WORDS, type InputsErrorCode, isInputsError } from './errors.js';
export { fileErrorReason } from './file-error.js';
export { hasPatternMatching, PATTERN_FORMATS, type PatternFormat } from './patterns/formats.js';
export { neutralisedCell, restoredCell } from './text/csv-cell.js';

/** The redirect-rule formats: a host's or a server's configuration, or a tool's export (formats/, a folder each). */
export const RULE_FORMATS = [
  'netlify',
  'vercel',
  'cloudflare',
  'apache',
  'nginx',
  'shopify',
  'wordpress',
  'screaming-frog',
  'vercel-bulk',
  'amplify',
] as const;
/** A redirect-rule format. */
export type RuleFormat = (typeof RULE_FORMATS)[number];

/** The input formats: a CSV, a list, an XML sitemap, or a redirect-rule format. */
export const INPUT_FORMATS = ['csv', 'list', 'sitemap', ...RULE_FORMATS] as const;
/** An input format. */
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** Which host reads a `_redirects` file: the syntax is Netlify's, the defaults and the supported parts differ. */
export const REDIRECTS_VARIANTS = ['netlify', 'cloudflare-pages'] as const;
/** A `_redirects` variant. */
export type RedirectsVariant = (typeof REDIRECTS_VARIANTS)[number];
