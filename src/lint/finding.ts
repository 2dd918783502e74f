/** What `hoplens lint` finds in a rules file, one kind per file of src/lint/. */
export const LINT_KINDS = [
  'cycle',
  'self_redirect',
  'chain',
  'duplicate',
  'shadowed',
  'temporary_move',
  'other_host',
  'not_in_sitemap',
] as const;
/** A kind of lint finding. */
export type LintKind = (typeof LINT_KINDS)[number];

/** An error fails the lint (exit 1); a warning fails it only with `--strict`. */
export type LintSeverity = 'error' | 'warning';

/**
 * The severity of each kind. Loops are errors: the URL never answers. A chain, a duplicate or a shadowed rule works,
 * only slower or dead. The checks a flag asks for (`--same-host`, `--sitemap`) are the policy the user set: errors;
 * `--migration`'s temporary statuses still move visitors, so they warn.
 */
export const LINT_SEVERITY: Readonly<Record<LintKind, LintSeverity>> = Object.freeze({
  cycle: 'error',
  self_redirect: 'error',
  chain: 'warning',
  duplicate: 'warning',
  shadowed: 'warning',
  temporary_move: 'warning',
  other_host: 'error',
  not_in_sitemap: 'error',
});

/** One finding, on the line of the rule at fault; URLs as the rules file writes them (paths on the site). */
export interface LintFinding {
  kind: LintKind;
  severity: LintSeverity;
  /** 1-based line of the rule at fault. */
  line: number;
  source: string;
  target?: string;
  message: string;
  /** What to write instead: a chain's final destination, a permanent status. */
  suggestion?: string;
  /** Lines of the other rules involved (the rest of a chain or loop, the earlier duplicate). */
  related?: number[];
}

/** Makes a finding of `kind`, with that kind's severity. */
export function lintFinding(kind: LintKind, fields: Omit<LintFinding, 'kind' | 'severity'>): LintFinding {
  return { kind, severity: LINT_SEVERITY[kind], ...fields };
}
