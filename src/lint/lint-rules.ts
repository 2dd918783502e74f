import type { CheckRow } from '../inputs/index.js';
import type { CompiledRules } from '../inputs/patterns/index.js';
import { findChains, findMatchedChains } from './chains.js';
import { findCycles } from './cycles.js';
import { findDuplicates } from './duplicates.js';
import { LINT_KINDS, type LintFinding } from './finding.js';
import { findNotInSitemap, type SitemapPages } from './not-in-sitemap.js';
import { findOtherHosts } from './other-host.js';
import { buildRuleGraph, type RuleGraph, walkRules } from './rule-graph.js';
import { findSelfRedirects } from './self-redirects.js';
import { findShadowed } from './shadowed.js';
import { findTemporaryMoves } from './temporary-moves.js';
import { TimeSlices } from './time-slices.js';

/** What {@link lintRules} looks for besides what is always wrong. */
export interface LintOptions {
  /** Whether the first rule for a URL wins (see `isOrdered` in src/inputs/formats/table.ts); else repeats are duplicates. */
  ordered: boolean;
  /** `--migration`: temporary statuses are findings. */
  migration?: boolean;
  /** `--same-host`: targets on another host are findings. */
  sameHost?: boolean;
  /** `--sitemap`: the new site's pages; a destination it does not list is a finding. */
  sitemap?: SitemapPages;
  /** The origin path rules were made absolute on: shown as paths, and looked up by path in the sitemap. */
  siteOrigin?: string;
  /**
   * The file compiled by its format's matcher (src/inputs/patterns/, the pattern formats only): a literal rule that a
   * pattern rule answers first (first match, or nginx's location precedence) is shadowed.
   */
  rules?: CompiledRules;
  /** Stops the matching (which gives the event loop a turn every few milliseconds): lint rejects with its reason. */
  signal?: AbortSignal;
}

/** The findings on a file's rules (its rows, in input order), by line, then in {@link LINT_KINDS} order. */
export async function lintRules(rows: readonly CheckRow[], options: LintOptions): Promise<LintFinding[]> {
  return await lintGraph(buildRuleGraph(rows, options.siteOrigin), options);
}

/** {@link lintRules} on a graph already built. */
export async function lintGraph(graph: RuleGraph, options: LintOptions): Promise<LintFinding[]> {
  const slices = new TimeSlices(options.signal);
  const walks = walkRules(graph);
  const shadowed = await findShadowed(graph, options.ordered, options.rules, slices);
  const chains =
    options.rules === undefined ? findChains(graph, walks) : await findMatchedChains(graph, options.rules, slices);
  // A rule that never applies sends nobody to its destination: its line already says so, and says it alone.
  const neverApplies = new Set(shadowed.map((finding) => finding.line));
  const sitemap = options.sitemap === undefined ? [] : findNotInSitemap(graph, options.sitemap, options.siteOrigin);
  const findings = [
    ...findCycles(graph, walks),
    ...findSelfRedirects(graph),
    ...chains,
    ...findDuplicates(graph, options.ordered),
    ...shadowed,
    ...(options.migration === true ? findTemporaryMoves(graph) : []),
    ...(options.sameHost === true ? findOtherHosts(graph) : []),
    ...sitemap.filter((finding) => !neverApplies.has(finding.line)),
  ];
  const order = (finding: LintFinding) => LINT_KINDS.indexOf(finding.kind);
  return findings.sort((a, b) => a.line - b.line || order(a) - order(b));
}
