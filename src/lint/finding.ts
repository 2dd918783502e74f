/** An error fails the lint (exit 1); a warning fails it only with `--strict`. */
export type LintSeverity = 'error' | 'warning';

/**
 * What `hoplens lint` finds in a rules file, one kind per file of src/lint/, in report order, with each kind's
 * severity and what it means (`hoplens explain KIND` prints it). Loops are errors: the URL never answers. A chain, a
 * duplicate or a shadowed rule works, only slower or dead. The checks a flag asks for (`--same-host`, `--sitemap`)
 * are the policy the user set: errors; `--migration`'s temporary statuses still move visitors, so they warn.
 */
export const LINT_KIND_TABLE = Object.freeze({
  cycle: { severity: 'error', words: 'Rules send a URL round in a loop (/a → /b, /b → /a): it never answers.' },
  self_redirect: { severity: 'error', words: 'A rule redirects to its own source.' },
  chain: {
    severity: 'warning',
    words: "A rule's target is redirected again (/a → /b, /b → /c): point it at the last one (/c), as suggested.",
  },
  duplicate: { severity: 'warning', words: 'The same rule again for a source (for nginx, any second rule for it).' },
  shadowed: {
    severity: 'warning',
    words:
      "Another rule answers this rule's source first (an earlier rule, or a pattern such as /blog/* before " +
      '/blog/old), so this one never applies; the finding names that rule and its line.',
  },
  temporary_move: { severity: 'warning', words: '--migration: a 302, 303 or 307 where a site move wants 301 or 308.' },
  other_host: { severity: 'error', words: '--same-host: a target on another host than its source.' },
  not_in_sitemap: { severity: 'error', words: "--sitemap FILE: a destination the new site's sitemap does not list." },
} satisfies Record<string, { severity: LintSeverity; words: string }>);

/** A kind of lint finding. */
export type LintKind = keyof typeof LINT_KIND_TABLE;

/** The lint kinds, in report order. */
export const LINT_KINDS: readonly LintKind[] = Object.freeze(Object.keys(LINT_KIND_TABLE) as LintKind[]);

/** The severity of each kind, from {@link LINT_KIND_TABLE}. */
export const LINT_SEVERITY: Readonly<Record<LintKind, LintSeverity>> = Object.freeze(
  Object.fromEntries(LINT_KINDS.map((kind) => [kind, LINT_KIND_TABLE[kind].severity])) as Record<
    LintKind,
    LintSeverity
  >,
);

/** One finding, on the line of the rule at fault; URLs as the rules file writes them (paths on the site). */
export interface LintFinding {
  kind: LintKind;
  severity: LintSeverity;
  /** 1-based line of the rule at fault. */
  line: number;
  /**
   * The file the rule is in when it is not the input itself (a vercel.json's bulk redirects file), as the input's
   * folder names it; `line` is then that file's (src/lint/placed-findings.ts).
   */
  file?: string;
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
