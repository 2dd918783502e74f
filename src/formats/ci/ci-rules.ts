/**
 * The finding types the CI formats report that are neither a finding kind (src/formats/finding-help.ts) nor a lint
 * kind: check's own verdicts on a row and fix's, each with what it means (`hoplens explain TYPE` prints it). The
 * writers take the types from this table, so a type they report is one `explain` knows.
 */
export const CI_RULE_WORDS = Object.freeze({
  expectation_failed:
    'A row of hoplens check ended on another URL or status than the row expects (its target, or --expect-status).',
  unmatched_sample: 'A --samples URL that no rule of the file matches.',
  analysis_error:
    'A row of hoplens check could not be analysed: no answer (a DNS, connection, TLS or timeout error); the ' +
    "annotation's title names the error code.",
  fix_would_change:
    'hoplens fix --check: a rule that starts a chain, which hoplens fix --write would point straight at its final ' +
    'destination.',
});

/** A CI finding type of check's or fix's own. */
export type CiRule = keyof typeof CI_RULE_WORDS;

/** The type itself, checked against {@link CI_RULE_WORDS}: a writer cannot report a type the table lacks. */
export function ciRule(rule: CiRule): CiRule {
  return rule;
}
