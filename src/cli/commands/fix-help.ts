// Kept apart from src/cli/commands/fix.ts, which run.ts loads only when the command runs.
/** Help text after the options of `hoplens fix`. */
export const FIX_EXAMPLES = `
Points every redirect rule straight at its final destination (A → B and B → C become A → C and B → C), in the
file's own format: comments, layout and untouched rules are kept; a flattened rule keeps its status (a permanent
one unless the rule says otherwise). Destinations come from the rules themselves, or with --report from a json or
ndjson report of \`hoplens check\` (the live final URLs of the rows that ended in 2xx; give the --base-url the check
ran with). Chains are followed with the format's own precedence (the matcher of check --samples), never the file
order; a rule whose end is uncertain (another rule answers first, an nginx if may answer) is left as written and
said so on its line. A status changed (a bare 302 made permanent) is said on its line; --keep-status keeps them.
Loops and self-redirects are left as they are: \`hoplens lint\` reports them.
Writes: netlify (_redirects, netlify.toml), vercel (vercel.json), cloudflare, apache, nginx, shopify, wordpress,
vercel-bulk, amplify and csv (not a screaming-frog report: it is a crawl's findings, not rules).

Examples:
  $ hoplens fix public/_redirects --output public/_redirects.new --map links.csv
  $ hoplens fix vercel.json --write
  $ hoplens check redirects.csv --format ndjson --output live.ndjson && hoplens fix redirects.csv --report live.ndjson

Exit status:
  0    the rules were written (to stdout, --output, or the input with --write)
  2    usage or input error: a format fix does not write, malformed lines, an --output that is the input
`;
