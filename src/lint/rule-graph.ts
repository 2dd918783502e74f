import { comparableUrl } from '../core/index.js';
import type { CheckRow, RulePlaces } from '../inputs/index.js';
import { placeName, REDIRECT_STATUSES } from '../inputs/index.js';

/**
 * The rules of a file as a graph: each URL a rule answers points at its target. Only the first rule for a URL is an
 * edge (first match wins); later ones are duplicates or shadowed, reported as such.
 */
export interface RuleGraph {
  /** Every rule read, in input order. */
  readonly rows: readonly CheckRow[];
  /** The first rule for each source, by {@link RuleGraph.key}. */
  readonly first: ReadonlyMap<string, CheckRow>;
  /** The form URLs are compared in (src/core/comparable-url.ts, exact). */
  key(url: string): string;
  /** Shows a URL as the rules file writes it: a path when it is on the rules' own site. */
  display(url: string): string;
  /** Names a rule's line as a message says it: `line 3`, or `redirects.csv line 3` in a file the input names. */
  where(line: number): string;
  /** Names several lines: `lines 3, 9`, each with its file when the rules span several. */
  whereAll(lines: readonly number[]): string;
}

/** Whether a rule sends the visitor elsewhere: a target and a 3xx status (or none: a CSV's expected final URL). */
export function isRedirectRule(row: CheckRow): row is CheckRow & { target: string } {
  return row.target !== undefined && (row.status === undefined || REDIRECT_STATUSES.has(row.status));
}

/** Whether a rule redirects to its own source. */
export function isSelfRedirect(graph: RuleGraph, row: CheckRow): boolean {
  return isRedirectRule(row) && graph.key(row.target) === graph.key(row.source);
}

/**
 * Builds the graph. `siteOrigin` is the origin path rules were made absolute on (`--base-url`, or a placeholder):
 * URLs on it are shown as paths. `places` says which file each line is in when the rules span several.
 */
export function buildRuleGraph(rows: readonly CheckRow[], siteOrigin?: string, places?: RulePlaces): RuleGraph {
  const key = (url: string) => comparableUrl(url);
  const first = new Map<string, CheckRow>();
  for (const row of rows) {
    const k = key(row.source);
    if (!first.has(k)) first.set(k, row);
  }
  const display = (url: string) => {
    if (siteOrigin === undefined) return url;
    try {
      const parsed = new URL(url);
      return parsed.origin === siteOrigin ? parsed.pathname + parsed.search + parsed.hash : url;
    } catch {
      return url;
    }
  };
  const where = (line: number) => placeName(places, line);
  const whereAll = (lines: readonly number[]) =>
    places === undefined ? `lines ${lines.join(', ')}` : lines.map(where).join(', ');
  return { rows, first, key, display, where, whereAll };
}

/** Where following the rules from one rule leads. */
export interface RulePath {
  /** The rules followed, the starting one first. */
  rules: CheckRow[];
  /** The URL the last rule sends to, which no rule redirects further. */
  final: string;
  /** The rules come back to a URL already visited: `rules` ends where the loop closes. */
  loops: boolean;
}

/** The rule that answers `url`, if it redirects (a 200 rewrite or a 410 ends the path). */
export function nextRule(graph: RuleGraph, url: string): (CheckRow & { target: string }) | undefined {
  const rule = graph.first.get(graph.key(url));
  return rule !== undefined && isRedirectRule(rule) ? rule : undefined;
}

/** A redirect rule that answers its source: an edge of the graph. */
export type RedirectEdge = CheckRow & { target: string };

/** Where following the rules from one redirect rule leads, computed for every rule at once by {@link walkRules}. */
export interface RuleWalk {
  /** The redirect rule that answers this rule's target, if any. */
  readonly next: RedirectEdge | undefined;
  /** How many rules are followed from this one, itself included, to the end or round its loop. */
  readonly length: number;
  /** The URL the last rule sends to, which no rule redirects further (for a loop, where it closes). */
  readonly final: string;
  /** Following the rules comes back to a URL already visited. */
  readonly loops: boolean;
  /** For a rule that is itself on a loop: that loop's rules, in the order they send (the same array for each). */
  readonly cycle?: readonly RedirectEdge[];
}

/** Marks the rules of a loop found on the walk `stack` from `at` on, and drops them from the stack. */
function closeLoop(stack: RedirectEdge[], at: number, walks: Map<RedirectEdge, RuleWalk>): void {
  const cycle = stack.slice(at);
  cycle.forEach((rule, index) => {
    const next = cycle[(index + 1) % cycle.length]!;
    walks.set(rule, { next, length: cycle.length, final: rule.source, loops: true, cycle });
  });
  stack.length = at;
}

/**
 * Where every redirect rule leads, in time linear in the rules: each rule is followed once, its walk built from the
 * walk of the rule after it (a rule answers one URL, so the rules form chains that end, or end in a loop). Following
 * each rule to its end on its own (as {@link followRules} does for one) costs the square of a long chain's length.
 */
export function walkRules(graph: RuleGraph): Map<RedirectEdge, RuleWalk> {
  const walks = new Map<RedirectEdge, RuleWalk>();
  const onStack = new Map<RedirectEdge, number>();
  for (const start of edges(graph)) {
    if (walks.has(start)) continue;
    const stack: RedirectEdge[] = [];
    let rule: RedirectEdge | undefined = start;
    while (rule !== undefined && !walks.has(rule) && !onStack.has(rule)) {
      onStack.set(rule, stack.length);
      stack.push(rule);
      rule = nextRule(graph, rule.target);
    }
    if (rule !== undefined && onStack.has(rule)) {
      const at = onStack.get(rule)!;
      for (const member of stack.slice(at)) onStack.delete(member);
      closeLoop(stack, at, walks);
    }
    for (let index = stack.length - 1; index >= 0; index--) {
      const current = stack[index]!;
      const next = nextRule(graph, current.target);
      const after = next === undefined ? undefined : walks.get(next)!;
      walks.set(
        current,
        after === undefined
          ? { next: undefined, length: 1, final: current.target, loops: false }
          : { next, length: after.length + 1, final: after.final, loops: after.loops },
      );
    }
    for (const done of stack) onStack.delete(done);
  }
  return walks;
}

/** Follows the rules from `start` (a redirect rule) to the URL no rule redirects, or to a loop. */
export function followRules(graph: RuleGraph, start: CheckRow & { target: string }): RulePath {
  const rules: CheckRow[] = [start];
  const seen = new Set([graph.key(start.source)]);
  let url = start.target;
  for (let next = nextRule(graph, url); next !== undefined; next = nextRule(graph, url)) {
    if (seen.has(graph.key(next.source))) return { rules, final: url, loops: true };
    seen.add(graph.key(next.source));
    rules.push(next);
    url = next.target;
  }
  return { rules, final: url, loops: false };
}

/** The redirect rules that answer their source (the first for it), in input order: the graph's edges. */
export function edges(graph: RuleGraph): RedirectEdge[] {
  return graph.rows.filter(
    (row): row is RedirectEdge => isRedirectRule(row) && graph.first.get(graph.key(row.source)) === row,
  );
}
