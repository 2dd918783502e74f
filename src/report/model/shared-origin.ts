/**
 * A report's URLs shown as paths when every row's URL of a column is on one origin (a migration's old site, its new
 * one): a cell as narrow as a table's shows `/blog/2019/post` instead of the origin every row repeats, cut off
 * before the part that differs. The origin is said once, above the rows; the full URL stays in the cell's title.
 */

/** `url` without `origin` when it is on it (`/` for the origin itself), else `url` as it is. */
export function pathOn(url: string, origin: string | undefined): string {
  if (origin === undefined || !url.startsWith(origin)) return url;
  const rest = url.slice(origin.length);
  if (rest === '') return '/';
  return /^[/?#]/.test(rest) ? rest : url;
}
