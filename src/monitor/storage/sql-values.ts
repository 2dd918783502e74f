/** Values in and out of SQL the same way for both databases: times as ISO text in, Date or text out. */

/** A clock reading (ms) as a `timestamptz` parameter. */
export function sqlTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** A `timestamptz` column (a Date from both drivers, text if a driver ever returns one) as ISO text. */
export function isoTime(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A `timestamptz` column as ms, or undefined for NULL. */
export function msTime(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  return (value instanceof Date ? value : new Date(String(value))).getTime();
}

/** A `jsonb` column: parsed by both drivers already, by this when a driver returns text. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
