/**
 * hoplens: trace a URL's redirect chain hop by hop and detect what is wrong with it.
 *
 * The package's public entry (`import … from 'hoplens'`). Every name here is a promise to library users and is
 * listed in docs/library.md, "Exports": test/api/exports.test.ts fails when this list and that one differ. The faces
 * (CLI, service, page, monitors) do not import this file: they use the internal entries (src/core/index.ts,
 * src/render/index.ts), which export more.
 *
 * This file must not load the policy file's validator (TypeBox and a URL pattern compiler) when it is imported: a
 * program that never reads a policy should not pay for it (src/core/policy/policy-compile.ts says why). The async `compilePolicy` and
 * `compilePolicyJson` load it on first use; the synchronous `parsePolicy` and `policyFromJson` are the package's
 * second entry, `hoplens/policy` (src/policy.ts), for code that accepts that cost up front.
 *
 * @packageDocumentation
 */

// The exports are grouped by topic, as docs/library.md's tables are, for a reader checking one against the other;
// sorting would merge the groups into one list per module.
// biome-ignore-all assist/source/organizeImports: grouped by topic (above)

// Analysing a URL, and what it returns
export {
  type AnalyzeOptions,
  Analyzer,
  type AnalyzerConfig,
  analyze,
  type PreparedAnalysis,
  type FinalPage,
  type FinalPageReader,
  type AnalysisResult,
  type Hop,
  type HopTimings,
  type HopHsts,
  HstsStore,
  type HopTls,
  type HopWall,
  type HttpVersion,
  type RedirectVia,
  type Summary,
  REDIRECT_HEADERS,
} from './core/index.js';

// Options: their defaults, ranges and validation
export {
  DEFAULTS,
  LIMITS,
  normalizeOptions,
  type NormalizedOptions,
  parseTargetUrl,
  type HeaderSelection,
  type HttpMethod,
  type TlsMode,
  type ClientRedirectMode,
} from './core/index.js';

// Policy files, compiled lazily (see above), into a `FindingsPolicy`: named for what it governs, beside `AddressPolicy`.
export { compilePolicy, compilePolicyJson, type FindingsPolicy, type PolicyFile } from './core/index.js';

// Findings: the detectors, their thresholds and help
export {
  type Issue,
  type IssueType,
  ISSUE_TYPES,
  type Severity,
  detectIssues,
  DETECTORS,
  type Detector,
  type DetectorInput,
  type Finding,
  ChainFacts,
  factsOf,
  ISSUE_HELP,
  readIssueDocs,
  issueSection,
  JUDGEMENT_DEFAULTS,
  type JudgementThresholds,
  GOOGLEBOT_REDIRECT_LIMIT,
  CERTIFICATE_EXPIRY_DAYS,
} from './core/index.js';

// Errors, and why a chain stopped
export {
  HoplensError,
  isHoplensError,
  ERROR_CODES,
  type ErrorCode,
  type HoplensErrorDetails,
  type StopReason,
  type TraceOutcome,
  type TlsProblem,
  type TlsReason,
  type CertificateProblem,
} from './core/index.js';

// URL comparison, shared by `hoplens check` and `canonical_mismatch`
export { comparableUrl, declaredCanonical, EXACT_COMPARISON, type UrlComparison } from './core/index.js';

// The address policy (SSRF guard), DNS and certificates
export {
  AddressPolicy,
  type AddressVerdict,
  classifyAddress,
  parseNetworks,
  type Network,
  systemResolver,
  type Resolver,
  type ResolvedAddress,
  parseCaBundle,
  type NameServerLookup,
  systemNameServers,
} from './core/index.js';

// Rendering: the port a headless browser plugs into, and the Chromium adapter
export type {
  PageRenderer,
  RenderRequest,
  RenderOutcome,
  RenderIncomplete,
  RenderIncompleteReason,
  GuardedFetch,
  RenderedRequest,
  FetchedResponse,
} from './core/index.js';
export {
  ChromiumRenderer,
  type ChromiumRendererOptions,
  RENDER_BOUNDS_DEFAULTS,
  type RenderBounds,
} from './render/index.js';

// Variants: whether every variant of a URL, and every client, ends on one canonical URL in one hop
export {
  analyzeVariants,
  VARIANT_ISSUE_TYPES,
  type AnalyzeFn,
  type VariantFinding,
  type VariantIssueType,
  type VariantRow,
  type VariantsReport,
} from './variants/index.js';

// Deliberately not exported: the internal entries' other names are implementation details shared by the faces, and
// exporting them would freeze them. Among them: the address and range phrasing the CLI prints (describeAddress,
// RANGE_PHRASES), the guarded fetch the renderer is handed (createGuardedFetch: it comes with each RenderRequest), the
// error kit the faces declare their codes with (defineErrors, invalidOption, isCoreError), how URLs are displayed and
// read from input (displayUrl, normalizeUrlInput, parseUrlInput), Chromium's launch details (CHROMIUM_FLAGS,
// chromiumPath, checkChromium), the policy schema's TypeBox form (the JSON Schema ships as
// hoplens/schema/hoplens.config.schema.json) and PACKAGE_VERSION (read hoplens/package.json). docs/library.md,
// "Changelog", lists every name removed.
