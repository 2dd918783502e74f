/*
 * The inputs room's entry: every input hoplens reads (a list, a CSV, a sitemap, each redirect-rule format in
 * formats/), the row type they all produce, the format table and its detection, and the one planning of an input.
 * The rest of hoplens imports inputs through this file only; the pattern matchers, loaded when a command needs them,
 * have their own entry (./patterns/index.ts), and the page's text parsers theirs (./portable.ts, no Node).
 */
export { type ColumnChoice, CSV_ROLES, type CsvColumns, describeColumns, readCsvHeader } from './csv/header.js';
export { formatOfContent } from './detect/by-content.js';
export { formatOfName } from './detect/by-name.js';
export { detectInputFormat } from './detect/detect.js';
export { detectStdinFormat } from './detect/stdin-format.js';
export { applyEdits, type TextEdit, unifiedDiff } from './edits/index.js';
export {
  INPUTS_ERROR_CODES,
  type InputsError,
  type InputsErrorCode,
  type InputsErrorDetails,
  isInputsError,
} from './errors.js';
export { fileErrorReason } from './file-error.js';
export {
  type ExactText,
  type FileKind,
  fileKind,
  globPattern,
  readExactText,
  type WalkedFile,
  type WalkOptions,
  walkFiles,
} from './files/index.js';
export { destinationText, type FixEdit } from './formats/fix-edit.js';
export {
  FORMAT_TABLE,
  isOrdered,
  isRuleFormat,
  needsBaseUrl,
  WRITABLE_RULE_FORMATS,
  writeCsvTargets,
  writeRules,
} from './formats/table.js';
export {
  INPUT_FORMATS,
  type InputFormat,
  REDIRECTS_VARIANTS,
  type RedirectsVariant,
  RULE_FORMATS,
  type RuleFormat,
} from './light.js';
export { type InputFlags, type InputPlan, OFFLINE_SITE, type PlanInputOptions, planInput } from './plan.js';
export { type ReadAhead, readAhead, replayItems } from './read-ahead.js';
export { type ReadRulesOptions, readRules } from './read-rules.js';
export type { CheckRow, InputItem, SkippedItem } from './row.js';
export { placeName, placeWords, type RuleFileSpan, type RulePlace, RulePlaces } from './rule-places.js';
export { REDIRECT_STATUSES, type RuleReadOptions } from './rule-row.js';
export { type LoadedRules, parseRulesText, type RulesFile, readRulesFile } from './rules-file.js';
export { type PatternShadow, patternShadow, skipShadowed } from './shadowing.js';
export {
  gunzipWhenCompressed,
  isHttpLocation,
  type OpenSitemapOptions,
  readSitemapLocs,
  SITEMAP_MAX_BYTES,
  type SitemapAlternate,
  type SitemapEntryAlternates,
  type SitemapFetch,
  type SitemapLoc,
  type SitemapReadOptions,
  scanSitemapLocs,
  sitemapFetchThrough,
} from './sitemap/index.js';
export { countCandidateRows, hasLineRows, type InputReadOptions, openInput, readInput } from './source.js';
export { neutralisedCell, restoredCell } from './text/csv-cell.js';
export { type CsvItem, readCsvRecords } from './text/csv-records.js';
export { isBlankOrComment, MAX_LINE_LENGTH, type NumberedLine, readLines } from './text/lines.js';
export { encodeText, type TextEncoding, textEncodingOf } from './text/text-encoding.js';
export { readSourceUrl, readStatus, readTargetUrl, type UrlReading } from './text/urls.js';
export { readWholeText } from './text/whole-text.js';
