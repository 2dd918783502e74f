/**
 * The help text printed after each command's options. Kept apart from the commands themselves so that building the
 * command tree (src/cli/run.ts) loads none of them: a command's module, and the core's HTTP client with it, is
 * imported only when that command runs.
 */

/** Help text after the options of `hoplens <url...>`. */
export const ANALYZE_EXAMPLES = `
Examples:
  $ hoplens http://example.com
  $ hoplens https://example.com/old-page --ua googlebot --max-hops 5
  $ hoplens http://localhost:3000/a http://localhost:3000/b --json
  $ hoplens https://example.com --method head --headers all --cookies

Output:
  A table per URL (hop, status, URL, time), then the issues and a summary; with -v, each hop's connection (address,
  reused or not, HTTP version), timing phases and certificate under it; with --headers all, its response headers. Statuses are coloured as on the web page: 2xx green, 301/308 blue, 302/303/307 amber, 4xx/5xx red.
  --json prints the Analysis result exactly as the library and the HTTP API return it (without rateLimit); for
  several URLs, a JSON array of them in the order given. A URL whose analysis failed gives
  {"success": false, "url", "error": {"code", "message"}, "chain": [hops done before the failure]}.

Exit status:
  0    every chain ends without an error-severity issue
  1    some chain has an error-severity issue (final 4xx/5xx, loop, downgrade...) or could not be analysed
  2    usage error (unknown flag, invalid URL or option value)
  130  interrupted (Ctrl-C)
`;

/** Help text after the options of `hoplens check`. */
export const CHECK_EXAMPLES = `
Input formats (by extension, or --input):
  csv      a header naming a source column (source, from, old url, address...), maybe target (target, to,
           destination url, redirect url, final url...) and status (status code, code, status, type...), or
           --columns source=NAME,target=NAME,status=NAME; target is the expected final URL (absolute, or a path on
           the source's site), status the expected status of the first hop; other columns are carried to the report
           as extra; a column of URLs left unread is refused; separated by , ; or tab (told by the header)
  list     one URL a line; a row passes when its chain ends in 2xx with no error-severity issue
  Redirect rules (by file name, or --input; paths are made absolute on --base-url, required):
  netlify     _redirects or netlify.toml [[redirects]] (--variant cloudflare-pages: Cloudflare Pages' _redirects)
  vercel      vercel.json redirects          apache    .htaccess / conf: Redirect*, RewriteRule [R]
  nginx       return / rewrite in locations  cloudflare  Bulk Redirects CSV (absolute sources)
  shopify, wordpress (Redirection JSON/CSV), screaming-frog (redirect chains), vercel-bulk, amplify: exports
  Literal rules are checked; patterns, splats, regexes, conditions and rules shadowed by an earlier one for the
  same source are skipped and counted (a file whose rules are all skipped exits 0). See docs/cli.md.
  Path sources (/old) are made absolute on --base-url in every format; a URL without a scheme gets https://; an
  absolute rule source is moved onto --base-url when it is given.
  "-" reads standard input (a list, unless --input says otherwise). Blank lines and # comments are ignored.

In CI: on a GitHub runner the table is annotated (findings on the input's lines) and the job summary written; the
github, sarif, gitlab and markdown formats, and --report FORMAT=FILE for several reports at once: see docs/ci.md.

Across the run, when --collapse-threshold rows (default 10, or the policy file's) redirect to one final URL that none
of them expected, that is a redirect_collapse: the summary lists each such URL with its count (a root URL is the
soft-404 pattern), json/ndjson reports end with a {"kind":"summary",...} record, and the run fails.
The summary also gives the run's figures: redirects per row, permanent and temporary redirects, and the ten slowest
chains (--no-stats leaves them out; --stats also puts them in that trailing record).

A policy file (hoplens.config.json, found in this directory or a parent, or --config) sets severities, allowed
redirects and thresholds; see docs/cli.md.

A row fails when the final URL differs from the target (scheme, host case and default ports normalised), the first
status differs, there are more redirects than --max-redirects, an error-severity issue is found (a warning too with
--strict), or the analysis fails (counted as errored). A row that would fail on a chain ending at a bot wall (a
Cloudflare challenge, an AWS WAF CAPTCHA...) is inconclusive, counted apart; --inconclusive fail fails the run on it.

Output: --format table (default), json (an array, one row a line), ndjson, csv or junit, to stdout or --output.
The closing summary goes to stdout, or to stderr when stdout carries json/ndjson/csv/junit; it names every reason
for a non-zero exit. With --output, failed and errored rows are listed on stderr too.

Interrupted, repeated, partial runs: an interrupted ndjson --output report says so in its closing record, and a
rerun refuses to overwrite it; --resume REPORT continues it (rows in it are not checked again), --force overwrites
it. --cache FILE answers rows from passing checks younger than --max-cache-age (default 1d), marked "cached";
--include/--exclude PATTERN (URL patterns, repeatable) check a subset.

Examples:
  $ hoplens check redirects.csv
  $ hoplens check urls.txt --concurrency 20 --per-host 4 --retries 3
  $ hoplens check public/_redirects --base-url https://staging.example.com --format junit --output junit.xml
  $ hoplens check redirects.csv --format ndjson --output today.ndjson --baseline yesterday.ndjson
  $ hoplens check export.csv --columns "source=Alte URL,target=Neue URL"
  $ cat urls.txt | hoplens check - --quiet
  $ hoplens check big.csv --format ndjson --output r.ndjson --cache .hoplens-cache --resume r.ndjson
  $ hoplens check sitemap.xml --include 'https://example.com/blog/*'

Exit status:
  0    every row passed or was inconclusive (or every rule was skipped)
  1    some row failed or errored (or changed, with --fail-on-change; or was inconclusive, with --inconclusive
       fail), or a redirect collapse was found
  2    usage or input error: unknown flag, missing file, bad CSV, malformed row (reported with its line), no rows,
       an --output that is an input or cannot be written, a --baseline that is not a hoplens report, an
       interrupted run's report as --output without --resume or --force
  130  interrupted (Ctrl-C): the partial summary is printed, with the rows never checked
`;

/** Help text after the options of `hoplens serve`. */
export const SERVE_EXAMPLES = `
Reads the service's environment variables (PORT, HOST, LOG_LEVEL, REDIS_URL, HOPLENS_*: see docs/api.md); the
flags override PORT and HOST. Logs JSON lines to stdout. Ctrl-C or SIGTERM drains in-flight analyses, then exits 0.

Examples:
  $ hoplens serve
  $ hoplens serve --port 8080 --host 127.0.0.1
  $ REDIS_URL=redis://localhost:6379 hoplens serve
`;

/** Help text after the options of `hoplens report merge`. */
export const REPORT_MERGE_HELP = `
The rows of all reports are merged in input-line order, so that the reports of hoplens check --shard 1/N ... N/N
make the report of one unsharded run. The summary goes to stderr (stdout when the report goes to --output).

Exit status: 0 every row passed, 1 some row failed or errored, 2 a file is missing, not a report, or of another
format than the first.

Example:
  $ hoplens report merge shard-*.ndjson --output all.ndjson
`;

/** Help text after the options of `hoplens explain`. */
export const EXPLAIN_HELP = `
Examples:
  $ hoplens explain redirect_chain
  $ hoplens explain docs/issues.md#query_dropped
  $ hoplens explain cycle                  a lint kind
  $ hoplens explain expectation_failed     a finding type of the CI formats
  $ hoplens explain BLOCKED_DESTINATION    an error code
  $ hoplens explain 2                      an exit status

Prints the explanation as Markdown: a finding type's section of the docs/ directory of the installed package
(\`hoplens serve\` shows the same file as a page at /docs/issues, each type at /docs/issues#<type>), or the words of
the table that declares the lint kind, CI type, error code or exit status.

Exit status:
  0    printed
  2    nothing of that name (every name it knows is listed), or the package's docs/ is missing
`;
