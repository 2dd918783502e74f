import type { CheckRow, InputItem } from '../inputs/index.js';

/** Something a URL is tested against: a compiled URL pattern (`URLPattern`), as the policy file's `allow` uses. */
export interface UrlMatcher {
  test(input: string): boolean;
}

/** Which rows of the input a run checks: `--include`/`--exclude` patterns, and rows an earlier run already did. */
export interface RowSubset {
  /** When any are given, only rows whose source matches one of them. */
  include?: readonly UrlMatcher[];
  /** Rows whose source matches one of these are left out, whatever `include` says. */
  exclude?: readonly UrlMatcher[];
  /** Rows already in the report being resumed (`--resume`), by {@link resumeKey}. */
  done?: ReadonlySet<string>;
}

/** The key a report's row is matched to its input row by: its line and its source, as the reader wrote them. */
export function resumeKey(row: { line: number; source: string }): string {
  return `${row.line} ${row.source}`;
}

/** Whether the patterns choose this row (the rows an earlier run did aside): include first, then exclude. */
export function patternsChoose(row: CheckRow, subset: RowSubset): boolean {
  const matches = (matcher: UrlMatcher) => matcher.test(row.source);
  if (subset.include !== undefined && subset.include.length > 0 && !subset.include.some(matches)) return false;
  return !(subset.exclude?.some(matches) ?? false);
}

/**
 * The items of the input a run checks: rows the patterns leave out, and rows an earlier run already checked, are
 * not passed on; input lines (invalid, skipped) pass through, since they are the input's own news.
 */
export async function* subsetItems(items: AsyncIterable<InputItem>, subset: RowSubset): AsyncGenerator<InputItem> {
  for await (const item of items) {
    if (item.kind !== 'row') yield item;
    else if (patternsChoose(item.row, subset) && !(subset.done?.has(resumeKey(item.row)) ?? false)) yield item;
  }
}
