/*
 * The lint room's entry: findings on a rules file's rules as a whole (loops, chains, duplicates, shadowed rules...),
 * offline. It reads through inputs' entry; the CLI's `hoplens lint` only opens the files and reports.
 */

export { findChains, findMatchedChains } from './chains.js';
export { findCycles } from './cycles.js';
export { isLintError, LINT_ERROR_CODES, LINT_ERROR_WORDS, type LintError, type LintErrorCode } from './errors.js';
export {
  LINT_KIND_TABLE,
  LINT_KINDS,
  LINT_SEVERITY,
  type LintFinding,
  type LintKind,
  type LintSeverity,
} from './finding.js';
export { type LintedInput, type LintInputOptions, lintInput } from './lint-input.js';
export { type LintOptions, lintGraph, lintRules } from './lint-rules.js';
export { type MatchedWalk, walkMatched } from './matched-walk.js';
export { type SitemapPages, sitemapPages } from './not-in-sitemap.js';
export { placedFindings } from './placed-findings.js';
export {
  buildRuleGraph,
  edges,
  followRules,
  isRedirectRule,
  isSelfRedirect,
  type RedirectEdge,
  type RuleGraph,
  type RulePath,
  type RuleWalk,
  walkRules,
} from './rule-graph.js';
export { loadSitemaps } from './sitemap-file.js';
