import { findingPath } from '../lint/lint-report.js';
import type { CiFinding, CiReport } from './ci-report.js';
import { ciRule } from './ci-rules.js';

/** A rule `fix` would change: its line, as the file writes it, and the destination it would get. */
export interface FixChange {
  line: number;
  /** The file the rule is in when not the input (a vercel.json's bulk redirects file), relative to its folder. */
  file?: string;
  source: string;
  target: string;
  final: string;
}

/**
 * `hoplens fix --check`'s findings: each rule fix would point elsewhere is an error on its line (the check fails,
 * as a formatter's `--check` does, until the file is fixed).
 */
export function fixCiReport(inputName: string, path: string | undefined, changes: readonly FixChange[]): CiReport {
  const findings: CiFinding[] = changes.map((change) => ({
    rule: ciRule('fix_would_change'),
    level: 'error',
    line: change.line,
    ...(change.file === undefined || path === undefined ? {} : { path: findingPath(path, change.file) }),
    key: `${change.source} -> ${change.target}`,
    title: `chain: ${change.source}`,
    message: `${change.source} -> ${change.target} is the start of a chain: point it straight at ${change.final} (hoplens fix --write)`,
  }));
  return {
    command: 'fix',
    inputName,
    ...(path === undefined ? {} : { path }),
    findings,
    totals: [['rules fix would change', changes.length]],
    failing: changes.map((change) => ({
      line: change.line,
      source: `${change.source} -> ${change.target}`,
      outcome: 'error',
      reason: `point it at ${change.final}`,
    })),
    failingNotListed: 0,
    collapses: [],
    slowest: [],
    exit: changes.length > 0 ? 1 : 0,
  };
}
