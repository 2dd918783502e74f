import { type Baseline, type BaselineEntry, baselineKey } from '../../check/index.js';
import type { CheckRow } from '../../check/row.js';
import type { FixEdit } from '../../rules/fix/index.js';
import { edges, isSelfRedirect, type RuleGraph, walkRules } from '../../rules/lint/index.js';
import { OFFLINE_SITE } from '../lint/rule-file.js';

/** What `hoplens fix` changes: the rules to point elsewhere, and every old URL with its final destination. */
export interface Flattening {
  edits: FixEdit[];
  /** Old → final, as the rules file writes URLs, for `--map`. */
  map: Array<{ source: string; target: string }>;
}

/** The edit pointing `row` at `final`: a path when on the rule's own site, a URL unless on the offline placeholder. */
function editOf(row: CheckRow, final: string): FixEdit {
  const url = new URL(final);
  const edit: FixEdit = { line: row.line };
  if (url.origin === new URL(row.source).origin) edit.path = url.pathname + url.search + url.hash;
  if (url.origin !== OFFLINE_SITE) edit.url = url.href;
  return edit;
}

/** Whether a report's final URL is one to send visitors to: it answered 2xx. */
function usable(entry: BaselineEntry): entry is BaselineEntry & { finalUrl: string } {
  const status = entry.finalStatus ?? 200;
  return entry.finalUrl !== null && entry.error === null && status >= 200 && status < 300;
}

/**
 * Each redirect rule's final destination: from a `check` report (`report`, the live final URLs, for the rules whose
 * chain answered 2xx), else by following the rules themselves (src/rules/lint/rule-graph.ts). Loops and self-redirects
 * are left alone: lint reports them, and no destination fixes them.
 */
export function flatten(graph: RuleGraph, report?: Baseline): Flattening {
  const flattening: Flattening = { edits: [], map: [] };
  // Each rule's end is computed once for the file: following every rule on its own is quadratic on a long chain.
  const walks = walkRules(graph);
  for (const rule of edges(graph)) {
    const path = walks.get(rule)!;
    if (isSelfRedirect(graph, rule) || path.loops) continue;
    const live = report?.entries.get(baselineKey(rule.source));
    const final = live !== undefined && usable(live) ? live.finalUrl : path.final;
    if (graph.key(final) === graph.key(rule.source)) continue;
    flattening.map.push({ source: graph.display(rule.source), target: graph.display(final) });
    if (graph.key(final) !== graph.key(rule.target)) flattening.edits.push(editOf(rule, final));
  }
  return flattening;
}
