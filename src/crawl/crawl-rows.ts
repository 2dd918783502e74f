/**
 * A crawl's reported links as `hoplens check` rows, so that every check format writes them (docs/crawl.md says so):
 * the row's source is the link's target, its `extra` columns the page it is on, the element and the anchor text, its
 * chain the target's; the crawl's findings are its reasons (errors) and warnings, and `line` counts the reported links.
 */
import type { RowResult } from '../check/index.js';
import { countRedirects } from '../core/index.js';
import type { ReportedLink } from './crawl-report.js';

export function crawlRow(reported: ReportedLink, line: number, strict: boolean): RowResult {
  const { link, target, findings } = reported;
  const reasons = findings
    .filter((finding) => finding.severity === 'error')
    .map((finding) => `${finding.type}: ${finding.message}`);
  const warnings = findings
    .filter((finding) => finding.severity !== 'error')
    .map((finding) => `${finding.type}: ${finding.message}`);
  const suggestion = findings.find((finding) => finding.suggestion !== undefined)?.suggestion;
  // An info finding (a form's action, never requested) says what was not checked: it fails nothing, even --strict.
  const failed = reasons.length > 0 || (strict && findings.some((finding) => finding.severity === 'warning'));
  const result = target?.result;
  const extra: Record<string, string> = { page: link.page, element: link.element, text: link.text };
  if (suggestion !== undefined) extra.linkInstead = suggestion;
  const row: RowResult = {
    line,
    source: link.url,
    extra,
    outcome: failed ? 'failed' : 'passed',
    reasons,
    warnings,
    hops: result?.chain.length ?? 0,
    redirects: result === undefined ? 0 : countRedirects(result.chain),
    time: result?.summary.totalTime ?? 0,
    attempts: 1,
    issues: result?.summary.issues ?? [],
    chain: result?.chain ?? [],
  };
  if (result !== undefined) {
    row.firstStatus = result.chain[0]?.status ?? result.summary.finalStatus;
    row.finalStatus = result.summary.finalStatus;
    row.finalUrl = result.summary.finalUrl;
  }
  if (target?.error !== undefined) row.error = { ...target.error };
  return row;
}
