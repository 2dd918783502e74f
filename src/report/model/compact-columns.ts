/**
 * The encodings that keep a report's columns small in JSON (issue 30: at most 3 MB per 10,000 rows) and quick to read
 * back into typed arrays: small counts as one base-36 digit each, references as differences from the previous one
 * (neighbouring rows refer to neighbouring URLs, so the differences are one or two digits), URLs front-coded against
 * the previous URL of the same origin. Pure: the CLI writes with it and the browser reads with it.
 */

/** A column of small whole numbers: one base-36 digit per value when every value is 0‥35, else the numbers. */
export type SmallColumn = string | number[];

export function packSmall(values: readonly number[]): SmallColumn {
  for (const value of values) if (!(value >= 0 && value < 36 && Number.isInteger(value))) return [...values];
  let text = '';
  for (const value of values) text += value.toString(36);
  return text;
}

export function unpackSmall(column: SmallColumn): Int32Array {
  if (typeof column !== 'string') return Int32Array.from(column);
  const values = new Int32Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const code = column.charCodeAt(i);
    values[i] = code <= 57 ? code - 48 : code - 87;
  }
  return values;
}

/** Each value as its difference from the one before (the first from 0). */
export function deltas(values: readonly number[]): number[] {
  const out = new Array<number>(values.length);
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    out[i] = values[i]! - previous;
    previous = values[i]!;
  }
  return out;
}

/** The values {@link deltas} was given. */
export function undelta(column: readonly number[]): Int32Array {
  const values = new Int32Array(column.length);
  let running = 0;
  for (let i = 0; i < column.length; i++) {
    running += column[i]!;
    values[i] = running;
  }
  return values;
}

/** The scheme and authority of a URL (`https://host:port`), or undefined when it has none. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Distinct URLs, front-coded: each one's origin (-1: kept whole), the characters shared with the last URL of that origin, the rest. */
export interface UrlColumns {
  origins: string[];
  origin: number[];
  shared: number[];
  tail: string[];
}

/** Writes URLs into {@link UrlColumns} one at a time. */
export class UrlWriter {
  readonly columns: UrlColumns = { origins: [], origin: [], shared: [], tail: [] };
  private readonly originIndex = new Map<string, number>();
  /** The rest (after the origin) of the last URL written per origin; key -1 for URLs with none. */
  private readonly last = new Map<number, string>();

  add(url: string): void {
    const origin = ORIGIN.exec(url)?.[0];
    let at = -1;
    if (origin !== undefined) {
      at = this.originIndex.get(origin) ?? -1;
      if (at < 0) {
        at = this.columns.origins.push(origin) - 1;
        this.originIndex.set(origin, at);
      }
    }
    const rest = origin === undefined ? url : url.slice(origin.length);
    const before = this.last.get(at) ?? '';
    let shared = 0;
    const most = Math.min(rest.length, before.length);
    while (shared < most && rest.charCodeAt(shared) === before.charCodeAt(shared)) shared++;
    this.last.set(at, rest);
    this.columns.origin.push(at);
    this.columns.shared.push(shared);
    this.columns.tail.push(rest.slice(shared));
  }
}

/** The URLs of `columns`, in order, with each one's origin index (-1 none). */
export function readUrls(columns: UrlColumns): { urls: string[]; origin: Int32Array } {
  const count = columns.tail.length;
  const urls = new Array<string>(count);
  const origin = Int32Array.from(columns.origin);
  const last = new Map<number, string>();
  for (let i = 0; i < count; i++) {
    const at = origin[i]!;
    const rest = (last.get(at) ?? '').slice(0, columns.shared[i]!) + columns.tail[i]!;
    last.set(at, rest);
    urls[i] = at < 0 ? rest : columns.origins[at]! + rest;
  }
  return { urls, origin };
}

/** The origin of `url` as {@link UrlWriter} splits it, for data that did not store it. */
export function originOf(url: string): string | undefined {
  return ORIGIN.exec(url)?.[0];
}
