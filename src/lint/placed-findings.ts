import type { RulePlaces } from '../inputs/index.js';
import type { LintFinding } from './finding.js';

/**
 * Findings with their lines as a person opens them. Lint keys rules by their line in the rule set, which counts on
 * through the files a vercel.json names (src/inputs/rule-places.ts); a finding on a rule in such a file gets that
 * `file` and its own line there. Its related lines are kept when in the same file (the message names the others).
 */
export function placedFindings(findings: readonly LintFinding[], places: RulePlaces | undefined): LintFinding[] {
  if (places === undefined) return [...findings];
  return findings.map((finding) => {
    const { file, line } = places.locate(finding.line);
    const placed: LintFinding = { ...finding, line };
    if (file !== undefined) placed.file = file;
    const related = finding.related?.map((other) => places.locate(other)).filter((other) => other.file === file);
    if (related === undefined || related.length === 0) delete placed.related;
    else placed.related = related.map((other) => other.line);
    return placed;
  });
}
