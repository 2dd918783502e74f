/**
 * hoplens: trace a URL's redirect chain hop by hop and detect what is wrong with it.
 *
 * The package's public entry (`import … from 'hoplens'`). Every name here is a promise to library users and is
 * listed in docs/library.md, "Exports": test/api/exports.test.ts fails when this list and that one differ. The faces
 * (CLI, service, page, monitors) do not import this file: they use the internal entries (src/core/index.ts,
 * src/render/index.ts), which export more.
 *
 * This file must not load the policy file's validator (TypeBox and a URL pattern compiler) when it is imported: a
 * program that never reads a policy should not pay for it (src/core/policy.ts says why). The async `compilePolicy` and
 * `compilePolicyJson` load it on first use; the synchronous `parsePolicy` and `policyFromJson` are the package's
 * second entry, `hoplens/policy` (src/policy.ts), for code that accepts that cost up front.
 *
 * @packageDocumentation
 */

// Rendering: the port a headless browser plugs into, and the Chromium adapter
export type {
  CertificateProblem,
  FetchedResponse,
  GuardedFetch,
  PageRenderer,
  RenderedRequest,
  RenderIncomplete,
  RenderIncompleteReason,
  RenderOutcome,
  RenderRequest,
  StopReason,
  TlsProblem,
  TlsReason,
  TraceOutcome,
} from './core/index.js';
// Analysing a URL
// Options: their defaults, ranges and validation
// The result: hops and the summary
// Findings: the detectors, their thresholds and help
// Policy files, compiled lazily (see the header). The core calls the compiled policy `Policy`; beside
// `AddressPolicy` that name did not say which policy, so the package names it for what it governs.
// Errors
// URL comparison, shared by `hoplens check` and `canonical_mismatch`
// The address policy (SSRF guard), DNS and certificates
export {
  AddressPolicy,
  type AddressVerdict,
  type AnalysisResult,
  type AnalyzeOptions,
  Analyzer,
  type AnalyzerConfig,
  analyze,
  CERTIFICATE_EXPIRY_DAYS,
  type ClientRedirectMode,
  classifyAddress,
  comparableUrl,
  compilePolicy,
  compilePolicyJson,
  DEFAULTS,
  DETECTORS,
  type Detector,
  type DetectorInput,
  declaredCanonical,
  detectIssues,
  ERROR_CODES,
  type ErrorCode,
  EXACT_COMPARISON,
  type Finding,
  GOOGLEBOT_REDIRECT_LIMIT,
  type HeaderSelection,
  type Hop,
  HoplensError,
  type HoplensErrorDetails,
  type HopTimings,
  type HopTls,
  type HttpMethod,
  type HttpVersion,
  ISSUE_HELP,
  ISSUE_TYPES,
  type Issue,
  type IssueType,
  isHoplensError,
  issueSection,
  JUDGEMENT_DEFAULTS,
  type JudgementThresholds,
  LIMITS,
  type Network,
  type NormalizedOptions,
  normalizeOptions,
  type Policy as FindingsPolicy,
  type PolicyFile,
  type PreparedAnalysis,
  parseCaBundle,
  parseNetworks,
  parseTargetUrl,
  REDIRECT_HEADERS,
  type RedirectVia,
  type ResolvedAddress,
  type Resolver,
  readIssueDocs,
  type Severity,
  type Summary,
  systemResolver,
  type TlsMode,
  type UrlComparison,
} from './core/index.js';
export {
  ChromiumRenderer,
  type ChromiumRendererOptions,
  RENDER_BOUNDS_DEFAULTS,
  type RenderBounds,
} from './render/index.js';

// Deliberately not exported: the internal entries' other names are implementation details shared by the faces, and
// exporting them would freeze them. Among them: the address and range phrasing the CLI prints (describeAddress,
// RANGE_PHRASES), the guarded fetch the renderer is handed (createGuardedFetch: it comes with each RenderRequest), the
// error kit the faces declare their codes with (defineErrors, invalidOption, isCoreError), how URLs are displayed and
// read from input (displayUrl, normalizeUrlInput, parseUrlInput), Chromium's launch details (CHROMIUM_FLAGS,
// chromiumPath, checkChromium), the policy schema's TypeBox form (the JSON Schema ships as
// hoplens/schema/hoplens.config.schema.json) and PACKAGE_VERSION (read hoplens/package.json). docs/library.md,
// "Changelog", lists every name removed.
