import type { StopReason } from '../trace.js';
import type { Hop, Issue, Severity } from '../types.js';
import { type AllowRule, type FindingsPolicy, NO_POLICY } from './findings-policy.js';

/** What a policy looks at besides the findings: the chain and why it stopped. */
export interface PolicyScope {
  readonly chain: readonly Hop[];
  readonly stop: StopReason;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Where hop `index` leads: the next hop, or the URL it pointed at but was not followed to. */
function destinationOf(index: number, { chain, stop }: PolicyScope): string | undefined {
  const next = chain[index + 1];
  if (next !== undefined) return next.url;
  if ('hop' in stop && stop.hop === index && 'url' in stop) return stop.url;
  return undefined;
}

/**
 * The two URLs an allow rule is matched against: for a finding on a hop, that hop's URL and where it leads; for a
 * finding about the whole chain, the first URL and the final one.
 */
function endsOf(issue: Issue, scope: PolicyScope): { from: string | undefined; to: string | undefined } {
  if (issue.hop === undefined) return { from: scope.chain[0]?.url, to: scope.chain[scope.chain.length - 1]?.url };
  return { from: scope.chain[issue.hop]?.url, to: destinationOf(issue.hop, scope) };
}

function matches(pattern: AllowRule['from'], url: string | undefined): boolean {
  if (pattern === undefined) return true;
  return url !== undefined && pattern.test(url);
}

function allowed(issue: Issue, rules: readonly AllowRule[], scope: PolicyScope): boolean {
  const { from, to } = endsOf(issue, scope);
  return rules.some(
    (rule) =>
      (rule.issues === undefined || rule.issues.has(issue.type)) && matches(rule.from, from) && matches(rule.to, to),
  );
}

/**
 * A policy applied to detected findings: those an allow rule covers are dropped, then each type's severity is set as
 * the policy says (`off` drops it). Issues stay most severe first, then in chain order, as `detectIssues` gives them.
 */
export function applyPolicy(issues: readonly Issue[], scope: PolicyScope, policy: FindingsPolicy): Issue[] {
  // No policy (most analyses): the findings as they are, already in order.
  if (policy === NO_POLICY) return [...issues];
  const kept: Issue[] = [];
  for (const issue of issues) {
    if (policy.allow.length > 0 && allowed(issue, policy.allow, scope)) continue;
    const setting = policy.severity[issue.type];
    if (setting === 'off') continue;
    kept.push(setting === undefined || setting === issue.severity ? issue : { ...issue, severity: setting });
  }
  return kept.sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.hop ?? -1) - (b.hop ?? -1));
}
