// Kept apart from src/cli/commands/lint.ts, which run.ts loads only when the command runs.
/** Help text after the options of `hoplens lint`. */
export const LINT_EXAMPLES = `
Reads the file as \`hoplens check\` does (every input format) and makes no request. Findings, by line:
  error    cycle (A → B → A), self_redirect (A → A)
  warning  chain (A → B and B → C: point A at C), duplicate (same rule again), shadowed (an earlier rule for the
           same source answers first, so this one never applies)
  with --migration   warning  temporary_move: a 302/303/307 where a site move wants 301/308
  with --same-host   error    other_host: a target on another host than its source
  with --sitemap     error    not_in_sitemap: a destination the new site's sitemap does not list
Paths need no --base-url here; give it so that absolute targets on your site count as the same host.

Examples:
  $ hoplens lint public/_redirects
  $ hoplens lint vercel.json --migration --sitemap new-sitemap.xml --format junit --output lint.xml
  $ hoplens lint redirects.csv --same-host --base-url https://www.example.com

Exit status:
  0    no error finding (warnings too, with --strict); or every rule skipped
  1    some error finding (or warning, with --strict)
  2    usage or input error: malformed lines (reported with their line), a file that cannot be read, no rules
`;
