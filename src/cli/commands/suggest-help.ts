// Kept apart from src/cli/commands/suggest.ts, which run.ts loads only when the command runs.
/** Help text after the options of `hoplens suggest`. */
export const SUGGEST_EXAMPLES = `
Proposes, for each old URL, the new URL it most likely moved to, with a confidence between 0 and 1 and the reason
in words (same slug, same title, date folder dropped, folder moved, extension dropped, typo fixed...), from the URLs'
folders, slugs and titles (a CSV's title column, a crawl's titles). Below --threshold (default 0.6) it proposes
nothing. Old URLs: a list, a CSV (its URL column; with a covered column, as hoplens coverage writes, the uncovered
ones only), a sitemap or a crawl's --state folder (its pages that answered 2xx); new URLs: a sitemap (a file or a
URL), a list, a CSV or a crawl's state. Nothing is applied: review the proposals, then add them to the map.

Examples:
  $ hoplens suggest uncovered.csv --to https://www.example.org/sitemap.xml
  $ hoplens suggest old-urls.txt --to new-sitemap.xml --format netlify --output _redirects.suggested
  $ hoplens suggest old.csv --to new.csv --threshold 0.8 --output proposals.csv
  $ hoplens suggest before-state/ --to after-state/ --format nginx --output suggested.conf

Exit status:
  0    the proposals were written (possibly none)
  2    usage or input error: a missing file, malformed lines, a bad --threshold
`;
