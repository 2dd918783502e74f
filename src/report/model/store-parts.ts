/**
 * The decoded columns of a report's rows (row-store.ts holds them; legacy-data.ts makes them from version 1's row
 * arrays): their own file, so that the two readers share the shape without importing each other.
 */
/** A row's texts; most rows have none, so these are kept only for the rows that do. */
export interface RowNotes {
  reasons: string[];
  warnings: string[];
  types: string[];
  error?: string;
}

/** The decoded columns; URL references index `urls`. */
export interface StoreParts {
  count: number;
  urls: string[];
  /** Per URL, its origin's index in `origins` (-1: none). */
  urlOrigin: Int32Array;
  origins: string[];
  line: Int32Array;
  outcome: Int32Array;
  source: Int32Array;
  target: Int32Array;
  expectedStatus: Int32Array;
  finalStatus: Int32Array;
  finalUrl: Int32Array;
  redirects: Int32Array;
  time: Int32Array;
  /** Row i's hops are hop entries hopStart[i] ‥ hopStart[i + 1] - 1. */
  hopStart: Int32Array;
  hopUrl: Int32Array;
  hopStatus: Int32Array;
  hopMs: Int32Array;
  hopKind: Int32Array;
  notes: Array<RowNotes | undefined>;
}
