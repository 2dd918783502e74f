import type { RewriteMatcher } from './rewrite-match.js';

/**
 * Rewrite rules inside `<If>` sections of a `.htaccess` (or `<Directory>`). A real httpd 2.4 answered the generated
 * suite (test/oracles/apache.generated.test.ts) so: while no such `<If>` holds, the file's own rules apply and the
 * sections' do not; once one holds, its section is merged over the file's configuration
 * (https://httpd.apache.org/docs/2.4/sections.html#merging) and the rules that apply are neither simply the file's nor
 * the section's (mod_rewrite merges per-directory rules without `RewriteOptions Inherit`:
 * https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriteoptions; the section's own rules did not answer the
 * paths their patterns match either, one matching anything did). hoplens predicts the first case and leaves the second to the server
 * (docs/oracles/apache.md).
 */

/** A rewrite rule, and the `<If>` section it is in (its index among those holding rewrite rules), if any. */
export interface PlacedRewrite {
  line: number;
  match: RewriteMatcher;
  section?: number;
}

/** The last `<If>` of rules holding for a request (its index), none (-1), or unknown. */
function activeSection(tests: ReadonlyArray<((url: URL) => boolean) | undefined>, url: URL): number | 'unknown' {
  for (let index = tests.length - 1; index >= 0; index--) {
    const test = tests[index];
    if (test === undefined) return 'unknown';
    if (test(url)) return index;
  }
  return -1;
}

/** Guards each rule (in place: the lists sharing the rule objects see it) by whether an `<If>` of rules may hold. */
export function guardIfRewrites(
  rules: readonly PlacedRewrite[],
  tests: ReadonlyArray<((url: URL) => boolean) | undefined>,
): void {
  if (tests.length === 0) return;
  const problem = 'an <If> holding rewrite rules applies: httpd merges its rules over these';
  for (const rule of rules) {
    const own = rule.match;
    rule.match = (url) => {
      if (activeSection(tests, url) === -1) return rule.section === undefined ? own(url) : undefined;
      // A rule of the section is the server's whatever the path: it may match the path on disk.
      if (rule.section === undefined && own(url) === undefined) return undefined;
      return { line: rule.line, problem };
    };
  }
}
