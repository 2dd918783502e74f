import type { IfCondition } from './if-chain.js';
import type { RewriteMatcher } from './rewrite-match.js';

/**
 * Rewrite rules inside `<If>` sections. A section that holds is merged over the configuration before it
 * (https://httpd.apache.org/docs/2.4/sections.html#merging), and mod_rewrite's per-directory rules are replaced, not
 * added to, without `RewriteOptions Inherit` (https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriteoptions):
 * while no such section holds, the `.htaccess` file's own rules apply; once one does, the rules of the last one
 * holding apply and the file's do not. A real httpd 2.4 answered so (test/oracles/apache.generated.test.ts). The
 * section's rules see the path on disk (disk-pattern.ts). In a virtual host the same happens to the per-directory
 * rules, after the virtual host's own (patterns.ts).
 */

/** A rewrite rule, and the `<If>` section it is in (its index among those holding rewrite rules), if any. */
export interface PlacedRewrite {
  line: number;
  match: RewriteMatcher;
  section?: number;
}

/** The last `<If>` of rules holding for a request (its index), none (-1), or unknown. */
function activeSection(tests: readonly IfCondition[], url: URL): number | 'unknown' {
  for (let index = tests.length - 1; index >= 0; index--) {
    const test = tests[index];
    if (test === undefined) return 'unknown';
    if (test(url)) return index;
  }
  return -1;
}

/** Guards each rule (in place: the lists sharing the rule objects see it) by which `<If>` of rules holds. */
export function guardIfRewrites(rules: readonly PlacedRewrite[], tests: readonly IfCondition[]): void {
  if (tests.length === 0) return;
  const problem = 'an <If> holding rewrite rules may apply: its rules replace these';
  for (const rule of rules) {
    const own = rule.match;
    rule.match = (url) => {
      const active = activeSection(tests, url);
      if (active !== 'unknown') return rule.section === (active === -1 ? undefined : active) ? own(url) : undefined;
      // Only the server knows which rules apply: where this one would answer, so may it.
      return own(url) === undefined ? undefined : { line: rule.line, problem };
    };
  }
}
