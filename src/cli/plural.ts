/** `1 row`, `2 rows`: a count with its word, for every line the command line prints. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
