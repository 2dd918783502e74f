/**
 * The core's public entry: tracing, issue detection, options, errors and the address policy. The faces (service,
 * CLI, web page) and the shared capabilities beside core import the core through this file only.
 */
export { Analyzer, type AnalyzerConfig, analyze, type PreparedAnalysis } from './analyzer.js';
export { parseCaBundle } from './ca-bundle.js';
export { parseDecimalInteger } from './decimal-integer.js';
export { DETECTORS, type Detector, type DetectorInput, detectIssues } from './detectors/index.js';
export {
  ERROR_CODES,
  type ErrorCode,
  HoplensError,
  type HoplensErrorDetails,
  invalidOption,
  isCoreError,
  isHoplensError,
} from './errors.js';
export { withoutFragment } from './location.js';
export { checkUserAgent, DEFAULTS, LIMITS, type NormalizedOptions, normalizeOptions } from './options.js';
export { parseTargetUrl } from './parse-url.js';
export { systemResolver } from './resolver.js';
export { REDIRECT_HEADERS } from './response-headers.js';
export {
  AddressPolicy,
  type AddressVerdict,
  classifyAddress,
  type Network,
  parseNetworks,
} from './ssrf-guard.js';
export type { TlsProblem, TlsReason } from './tls-problem.js';
export type { CertificateProblem, StopReason, TraceOutcome } from './trace.js';
export {
  type AnalysisResult,
  type AnalyzeOptions,
  type HeaderSelection,
  type Hop,
  type HttpMethod,
  ISSUE_TYPES,
  type Issue,
  type IssueType,
  type ResolvedAddress,
  type Resolver,
  type Severity,
  type Summary,
  type TlsMode,
} from './types.js';
export { PACKAGE_VERSION } from './version.js';
