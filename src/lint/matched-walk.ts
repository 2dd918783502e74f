import type { CompiledRules } from '../inputs/patterns/index.js';
import type { RedirectEdge } from './rule-graph.js';

/** The most hops followed from one rule: past it the chain is left to `check` (a real server tells). */
const MAX_HOPS = 20;

/** Where a rule leads when the format's own matcher answers each hop, or why it cannot be told with certainty. */
export type MatchedWalk =
  | {
      /** The URL the last redirect sends to, which no rule redirects again. */
      final: string;
      /** The lines of the rules that answer after this one, in order (empty: no chain). */
      lines: number[];
      /** The URLs redirected again, in order (this rule's target first). */
      via: string[];
    }
  | { uncertain: string };

/** How a message names a rule's line (the rule graph's `where`: with its file when the rules span several). */
type LineName = (line: number) => string;
const lineName: LineName = (line) => `line ${line}`;

/** The rule answering `url` by the format's precedence, as a redirect (with its target absolute), an end, or why not. */
function hop(
  rules: CompiledRules,
  url: string,
  where: LineName,
): { line: number; to?: string; status: number } | { uncertain: string } | undefined {
  const found = rules.match(new URL(url));
  if (found === undefined) return undefined;
  if ('problem' in found) return { uncertain: `${where(found.line)} may answer ${url} (${found.problem})` };
  if (found.target === undefined) return undefined;
  return { line: found.line, to: new URL(found.target, url).href, status: found.status };
}

/**
 * Whether `answer` is `rule` or a copy of it (same target and status): of two identical Netlify rules its parser
 * keeps the later one, so the copy answers, and the chain through it is the rule's own (issue 42: a duplicate must
 * not hide a chain from lint and fix).
 */
function answersAs(rule: RedirectEdge, answer: { line: number; to?: string; status: number }): boolean {
  if (answer.line === rule.line) return true;
  const status = rule.status ?? answer.status;
  return answer.to === new URL(rule.target, rule.source).href && answer.status === status;
}

/**
 * Follows a redirect rule with the format's own matcher (src/inputs/patterns/, the one `check --samples` uses), not
 * the file order: the rule must be what answers its own source (else another rule does, and lint reports it
 * shadowed), then each URL is answered by whatever rule the format's precedence picks, query strings and captures
 * included, until one is not redirected or is on another site. A hop only the server can compute, or a loop, makes the walk uncertain.
 */
export function walkMatched(rules: CompiledRules, rule: RedirectEdge, where: LineName = lineName): MatchedWalk {
  const first = hop(rules, rule.source, where);
  if (first !== undefined && 'uncertain' in first) return first;
  if (first === undefined || !answersAs(rule, first)) {
    const by = first === undefined ? 'no rule' : where(first.line);
    return { uncertain: `${by} answers ${rule.source} first, by the format's precedence` };
  }
  const origin = new URL(rule.source).origin;
  const seen = new Set([rule.source]);
  const lines: number[] = [];
  const via: string[] = [];
  let url = first.to ?? rule.target;
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    if (seen.has(url)) return { uncertain: `the chain from ${rule.source} loops` };
    seen.add(url);
    // The rules answer on their own site: a URL on another one is where the chain leaves them.
    if (new URL(url).origin !== origin) return { final: url, lines, via };
    const next = hop(rules, url, where);
    if (next === undefined) return { final: url, lines, via };
    if ('uncertain' in next) return next;
    lines.push(next.line);
    via.push(url);
    url = next.to!;
  }
  return { uncertain: `the chain from ${rule.source} is longer than ${MAX_HOPS} redirects` };
}
