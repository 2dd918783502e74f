/** A crawl's ndjson report, read back for assertions: one string per finding of each row. */

interface Row {
  source: string;
  warnings: string[];
  reasons: string[];
  extra: Record<string, string>;
}

/**
 * Each finding of the report as `type element [page] source` (the page with `withPage`), `site`'s origin left out,
 * sorted.
 */
export function reportFindings(stdout: string, site: string, withPage = false): string[] {
  const rows = stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
  const short = (url: string) => url.replace(site, '');
  return rows
    .flatMap((row) =>
      [...row.reasons, ...row.warnings].map((text) => {
        const page = withPage ? ` ${short(row.extra.page ?? '')}` : '';
        return `${text.split(':')[0]} ${row.extra.element}${page} ${short(row.source)}`;
      }),
    )
    .sort();
}
