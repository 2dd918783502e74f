/**
 * What the destination page says about being indexed, for the verdict: the canonical URL it declares and whether
 * that is the final URL, a noindex, and a robots.txt that keeps crawlers out. Only a 2xx destination has any.
 */
import { comparableUrl } from '../../core/portable/index.js';
import type { AnalysisResponse, Issue } from './api-types.js';

export type FactLevel = 'ok' | 'warning' | 'error' | 'unknown';

export interface DestinationFact {
  kind: 'canonical' | 'index' | 'robots';
  level: FactLevel;
  label: string;
  value: string;
  /** The canonical URL. */
  url?: string;
  /** The finding behind the fact, whose message says more. */
  issue?: Issue;
}

/**
 * The robots.txt finding. Matched by name: older services do not report it, so it is not in every build's list of
 * issue types.
 */
const ROBOTS_BLOCKED = 'robots_blocked_destination';

function findIssue(issues: readonly Issue[], type: string): Issue | undefined {
  return issues.find((issue) => (issue.type as string) === type);
}

function levelOf(issue: Issue): FactLevel {
  return issue.severity === 'info' ? 'ok' : issue.severity;
}

function canonicalFact(result: AnalysisResponse): DestinationFact {
  const { canonical, finalUrl, issues } = result.summary;
  if (canonical === undefined) {
    return { kind: 'canonical', level: 'unknown', label: 'Canonical', value: 'none declared' };
  }
  // The core's own comparison (src/core/detectors/canonical-mismatch.ts): case, default port, escapes, fragment.
  const matches = comparableUrl(canonical) === comparableUrl(finalUrl);
  const issue = findIssue(issues, 'canonical_mismatch');
  return {
    kind: 'canonical',
    level: matches ? 'ok' : issue === undefined ? 'warning' : levelOf(issue),
    label: 'Canonical',
    value: matches ? 'the final URL' : 'not the final URL',
    url: canonical,
    ...(issue === undefined ? {} : { issue }),
  };
}

export function destinationFacts(result: AnalysisResponse): DestinationFact[] {
  const { finalStatus, issues } = result.summary;
  if (finalStatus < 200 || finalStatus >= 300) return [];
  const noindex = findIssue(issues, 'noindex_destination');
  const facts: DestinationFact[] = [
    canonicalFact(result),
    noindex === undefined
      ? { kind: 'index', level: 'ok', label: 'Indexing', value: 'no noindex' }
      : { kind: 'index', level: levelOf(noindex), label: 'Indexing', value: 'noindex', issue: noindex },
  ];
  const robots = findIssue(issues, ROBOTS_BLOCKED);
  // Without the finding nothing is known of robots.txt (the check may be off, or absent from this service).
  if (robots !== undefined) {
    facts.push({
      kind: 'robots',
      level: levelOf(robots),
      label: 'robots.txt',
      // The crawler the service judged for (`summary.crawler`); older services do not say.
      value: `blocks ${result.summary.crawler ?? 'crawlers'}`,
      issue: robots,
    });
  }
  return facts;
}
