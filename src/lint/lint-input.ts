import type { InputPlan, LoadedRules, SkippedItem } from '../inputs/index.js';
import type { CompiledRules } from '../inputs/patterns/index.js';
import type { LintFinding } from './finding.js';
import { lintGraph } from './lint-rules.js';
import { buildRuleGraph, type RuleGraph } from './rule-graph.js';
import { loadSitemaps } from './sitemap-file.js';

/** What {@link lintInput} looks for besides what is always wrong. */
export interface LintInputOptions {
  /** `--migration`: temporary statuses are findings. */
  migration?: boolean;
  /** `--same-host`: targets on another host are findings. */
  sameHost?: boolean;
  /** `--sitemap`: the new site's sitemaps, resolved; a destination none lists is a finding. */
  sitemapPaths?: readonly string[];
  /** Stops the lint between slices of its matching (src/lint/time-slices.ts): it rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A rules file linted: what was read, the graph of its rules, the findings, and patterns skipped as too slow. */
export interface LintedInput {
  loaded: LoadedRules;
  graph: RuleGraph;
  findings: LintFinding[];
  /** Rules whose regular expression ran past its bound while lint matched them (also in `loaded.skipped`). */
  slow: SkippedItem[];
}

/** The rules skipped because their regular expression ran past its bound while lint matched them. */
async function slowPatterns(compiled: CompiledRules): Promise<SkippedItem[]> {
  const { skippedPatternItems } = await import('../inputs/patterns/index.js');
  return skippedPatternItems(compiled.skipped);
}

/**
 * Lints a planned input (src/inputs/plan.ts, read offline) whose rules were read once (`readRulesFile`: the rows
 * and, for a pattern format, the matcher from one parse), as a whole, with `--sitemap`'s pages when given. The
 * CLI's `hoplens lint` only reads the file and writes the outcome.
 */
export async function lintInput(plan: InputPlan, loaded: LoadedRules, options: LintInputOptions): Promise<LintedInput> {
  const graph = buildRuleGraph(loaded.rows, plan.siteOrigin, loaded.places);
  const sitemapPaths = options.sitemapPaths ?? [];
  const findings = await lintGraph(graph, {
    ordered: plan.ordered,
    migration: options.migration === true,
    sameHost: options.sameHost === true,
    ...(plan.siteOrigin === undefined ? {} : { siteOrigin: plan.siteOrigin }),
    ...(loaded.compiled === undefined ? {} : { rules: loaded.compiled }),
    ...(sitemapPaths.length === 0 ? {} : { sitemap: await loadSitemaps(sitemapPaths, graph.key) }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  // Read after linting: the matching above is what finds a rule whose regular expression runs past its bound.
  const slow = loaded.compiled === undefined ? [] : await slowPatterns(loaded.compiled);
  loaded.skipped.push(...slow);
  return { loaded, graph, findings, slow };
}
