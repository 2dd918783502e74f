/**
 * The core's public entry: tracing, issue detection, options, errors and the address policy. The faces (service,
 * CLI, web page) and the shared capabilities beside core import the core through this file only.
 */

export {
  AddressPolicy,
  type AddressVerdict,
  classifyAddress,
  createGuardedConnector,
  describeAddress,
  type GuardedConnectorOptions,
  type Network,
  parseNetworks,
  RANGE_PHRASES,
  rangePhrase,
  systemResolver,
} from './address/index.js';
export {
  Analyzer,
  type AnalyzerConfig,
  analyze,
  type FinalPage,
  type FinalPageReader,
  type PreparedAnalysis,
} from './analyzer.js';
export { declaredCanonical } from './canonical.js';
export type { ClientRedirect, ClientRedirectVia } from './client-redirect.js';
export type { TlsProblem, TlsReason } from './connection/index.js';
export { ConnectionRoutes, parseCaBundle } from './connection/index.js';
export { parseDecimalInteger } from './decimal-integer.js';
export { CERTIFICATE_EXPIRY_DAYS } from './detectors/certificate-expiring.js';
export {
  ChainFacts,
  DETECTORS,
  type Detector,
  type DetectorInput,
  detectIssues,
  type Finding,
  factsOf,
} from './detectors/index.js';
export { temporaryRedirectIssue } from './detectors/temporary-redirect.js';
export {
  defineErrors,
  ERROR_CODE_WORDS,
  ERROR_CODES,
  type ErrorCode,
  type ErrorKit,
  HoplensError,
  type HoplensErrorDetails,
  invalidOption,
  isCoreError,
  isHoplensError,
} from './errors.js';
export { createGuardedFetch, type GuardedFetchContext, RENDER_BODY_LIMIT } from './guarded-fetch.js';
export type { StreamedResponse } from './guarded-stream.js';
export { HstsStore } from './hsts/hsts-store.js';
export { documentBaseUrl } from './html/base-url.js';
export { decodePage } from './html/page-encoding.js';
export { type InOrderHooks, inOrder } from './in-order.js';
export { DOCS_DIR, issueSection, readIssueDocs } from './issue-docs.js';
export { describeSeverities, ISSUE_HELP, ISSUE_SEVERITY, withHelp } from './issues/index.js';
export { type LinkValue, linkTargets, linkValues } from './link-header.js';
export { checkCrawler, checkUserAgent, type NormalizedOptions, normalizeOptions } from './options.js';
export type {
  FetchedResponse,
  GuardedFetch,
  PageRenderer,
  RenderedRequest,
  RenderIncomplete,
  RenderOutcome,
  RenderRequest,
} from './page-renderer.js';
export {
  type NameServerLookup,
  PARKING_SERVICES,
  type ParkedSignal,
  type ParkingKind,
  type ParkingService,
  systemNameServers,
} from './parking/index.js';
export { parseTargetUrl, parseUrlInput } from './parse-url.js';
export {
  type AllowRule,
  compilePolicy,
  compilePolicyJson,
  type FindingsPolicy,
  firstComplaint,
  GOOGLEBOT_REDIRECT_LIMIT,
  isPolicy,
  JUDGEMENT_DEFAULTS,
  type JudgementThresholds,
  NO_POLICY,
  type SchemaComplaint,
  type SchemaError,
} from './policy/index.js';
// The policy file's validator (parsePolicy, policyFromJson, the schema) is the core's other entry,
// src/core/policy/policy-parse.ts: `compilePolicy` loads it when a policy is given.
export type { PolicyFile, SeveritySetting } from './policy/policy-schema.js';
// The portable part (URL input and display, the redirect count, URL comparison, the option table, DEFAULTS and
// LIMITS): the web page's entry, and everyone else's through this one.
export * from './portable/index.js';
export { type PostureOptions, publicPosture } from './public-posture.js';
export { parseRefresh, type RefreshDeclaration } from './refresh.js';
export { REQUEST_HEADER_LIMITS, refusedHeader } from './request-headers.js';
export { REDIRECT_HEADERS } from './response-headers.js';
export type { RobotsVerdict } from './robots/index.js';
export {
  addressesCrawler,
  agentName,
  contentRobotsRules,
  headerRobotsRules,
  indexingBan,
  keyAndValue,
  parseRobotsTxt,
  type RobotsLine,
  robotsBody,
  robotsRuling,
} from './robots/index.js';
export {
  hasControlCharacter,
  markdownCell,
  terminalText,
  workflowCommandData,
  workflowCommandProperty,
  xmlText,
} from './text-escapes.js';
export type { CertificateProblem, StopReason, TraceOutcome } from './trace.js';
export {
  type AnalysisResult,
  type AnalyzeOptions,
  type ClientRedirectMode,
  type HeaderSelection,
  type Hop,
  type HopHsts,
  type HopTimings,
  type HopTls,
  type HttpMethod,
  type HttpVersion,
  ISSUE_TYPES,
  type Issue,
  type IssueType,
  RENDER_INCOMPLETE_REASONS,
  type RedirectVia,
  type RenderIncompleteReason,
  type ResolvedAddress,
  type Resolver,
  type Severity,
  type Summary,
  type TlsMode,
} from './types.js';
export { PACKAGE_VERSION } from './version.js';
export { classifyWall, type HopWall, WALL_VENDORS, type WallAnswer, type WallVendor } from './walls/index.js';
