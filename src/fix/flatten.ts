import { type Baseline, type BaselineEntry, baselineKey } from '../check/index.js';
import { type CheckRow, type FixEdit, OFFLINE_SITE } from '../inputs/index.js';
import type { CompiledRules } from '../inputs/patterns/index.js';
import { edges, isSelfRedirect, type RedirectEdge, type RuleGraph, walkMatched, walkRules } from '../lint/index.js';

/** What `hoplens fix` changes: the rules to point elsewhere, and every old URL with its final destination. */
export interface Flattening {
  edits: FixEdit[];
  /** Old → final, as the rules file writes URLs, for `--map`. */
  map: Array<{ source: string; target: string }>;
  /** The rules left as written because their end cannot be told with certainty, each with why. */
  left: Array<{ line: number; reason: string }>;
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
 * Why a walk is not certain enough to flatten, or undefined: a query string a further redirect passes on
 * (`/start → /step?x=1`, then `/step → /end` answering `/end?x=1`). Whether a host carries the query on is its own
 * (Vercel's platform decides it, not its routing code: docs/oracles/vercel.md), so the chain is left as written;
 * a redirect that drops the query (nginx's `return 301 /b`) leaves the chain certain.
 */
function queryCarried(rule: RedirectEdge, walk: { final: string; via: string[] }): string | undefined {
  const after = [...walk.via.slice(1), walk.final];
  const at = walk.via.findIndex((url, index) => {
    const search = new URL(url).search;
    return search !== '' && new URL(after[index]!).search.includes(search.slice(1));
  });
  if (at === -1) return undefined;
  return `the chain from ${rule.source} passes the query string of ${walk.via[at]} on to a further redirect`;
}

/**
 * Where each redirect rule ends: with the format's matcher (src/inputs/patterns/), whatever its precedence picks at
 * each hop, or undefined with the reason it cannot be told; without one (a CSV, a list, a first-match format read
 * line by line), by following the rules in file order (src/lint/rule-graph.ts), loops left out.
 */
function endsOf(graph: RuleGraph, rules: CompiledRules | undefined): Map<RedirectEdge, string | { uncertain: string }> {
  const ends = new Map<RedirectEdge, string | { uncertain: string }>();
  if (rules !== undefined) {
    for (const rule of edges(graph)) {
      const walk = walkMatched(rules, rule, graph.where);
      const carried = 'uncertain' in walk ? undefined : queryCarried(rule, walk);
      ends.set(rule, 'uncertain' in walk ? walk : carried !== undefined ? { uncertain: carried } : walk.final);
    }
    return ends;
  }
  for (const [rule, walk] of walkRules(graph)) ends.set(rule, walk.loops ? { uncertain: 'loop' } : walk.final);
  return ends;
}

/**
 * Each redirect rule's final destination: from a `check` report (`report`, the live final URLs, for the rules whose
 * chain answered 2xx), else by following the rules themselves with the format's own precedence (`rules`, the matcher
 * `check --samples` uses), so that a destination never moves. A rule whose end is uncertain (another rule answers
 * its source first, a hop only the server can compute) is left as written and listed in `left`; loops and
 * self-redirects are left alone too: lint reports them, and no destination fixes them.
 */
export function flatten(graph: RuleGraph, report?: Baseline, rules?: CompiledRules): Flattening {
  const flattening: Flattening = { edits: [], map: [], left: [] };
  // Each rule's end is computed once for the file: following every rule on its own is quadratic on a long chain.
  const ends = endsOf(graph, rules);
  for (const rule of edges(graph)) {
    const end = ends.get(rule)!;
    if (isSelfRedirect(graph, rule)) continue;
    const live = report?.entries.get(baselineKey(rule.source));
    if (typeof end !== 'string' && (live === undefined || !usable(live))) {
      if (end.uncertain !== 'loop') flattening.left.push({ line: rule.line, reason: end.uncertain });
      continue;
    }
    const final = live !== undefined && usable(live) ? live.finalUrl : (end as string);
    if (graph.key(final) === graph.key(rule.source)) continue;
    flattening.map.push({ source: graph.display(rule.source), target: graph.display(final) });
    if (graph.key(final) !== graph.key(rule.target)) flattening.edits.push(editOf(rule, final));
  }
  return flattening;
}
