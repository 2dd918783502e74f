/**
 * hoplens: trace a URL's redirect chain hop by hop and detect what is wrong with it.
 * @packageDocumentation
 */
export { Analyzer, type AnalyzerConfig, analyze } from './core/analyzer.js';
export { DETECTORS, type Detector, type DetectorInput, detectIssues } from './core/detectors/index.js';
export { ERROR_CODES, type ErrorCode, HoplensError, type HoplensErrorDetails, isHoplensError } from './core/errors.js';
export { DEFAULTS, LIMITS, type NormalizedOptions, normalizeOptions } from './core/options.js';
export { parseTargetUrl } from './core/parse-url.js';
export { systemResolver } from './core/resolver.js';
export { REDIRECT_HEADERS } from './core/response-headers.js';
export {
  AddressPolicy,
  type AddressVerdict,
  classifyAddress,
  type Network,
  parseNetworks,
} from './core/ssrf-guard.js';
export type { StopReason, TraceOutcome } from './core/trace.js';
export type {
  AnalysisResult,
  AnalyzeOptions,
  HeaderSelection,
  Hop,
  HttpMethod,
  Issue,
  IssueType,
  ResolvedAddress,
  Resolver,
  Severity,
  Summary,
} from './core/types.js';
export { PACKAGE_VERSION } from './core/version.js';
