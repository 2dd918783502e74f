import { Readable } from 'node:stream';
import { malformedInput } from '../errors.js';
import type { InputItem } from '../row.js';
import { readCsvRecords } from './csv-records.js';
import { headerKey } from './header-key.js';

// Pure, apart from the stream reader here, for the CSV header the page reads too.
export { headerKey } from './header-key.js';

/** A CSV export's columns, by the role hoplens reads them for, each with the header names that tool writes. */
export type PresetColumns = Readonly<Record<string, readonly string[]>>;

/** A record's fields by role (empty for a column the header lacks). */
export type PresetFields<C extends PresetColumns> = Readonly<Record<keyof C & string, string>>;

/**
 * Reads a tool's CSV export by its documented header: the first record names the columns (in any order), `required`
 * roles must be among them, and each later record is handed to `toItem` with its fields by role.
 */
export async function* readPresetCsv<C extends PresetColumns>(
  text: string,
  what: string,
  columns: C,
  required: ReadonlyArray<keyof C & string>,
  toItem: (fields: PresetFields<C>, line: number) => InputItem,
): AsyncGenerator<InputItem> {
  type Role = keyof C & string;
  let index: Record<Role, number> | undefined;
  let width = 0;
  for await (const item of readCsvRecords(Readable.from([text]))) {
    if (item.kind === 'invalid') {
      yield item;
      continue;
    }
    if (index === undefined) {
      const keys = item.record.map(headerKey);
      const found = Object.fromEntries(
        Object.entries<readonly string[]>(columns).map(([role, names]) => [
          role,
          keys.findIndex((k) => names.includes(k)),
        ]),
      ) as Record<Role, number>;
      const missing = required.filter((role) => found[role] === -1);
      if (missing.length > 0) {
        const names = missing.map((role) => JSON.stringify(columns[role]![0])).join(', ');
        throw malformedInput(`line ${item.line}: not a ${what} export: the header has no ${names} column`);
      }
      index = found;
      width = item.record.length;
      continue;
    }
    if (item.record.length !== width) {
      yield {
        kind: 'invalid',
        line: item.line,
        message: `expected ${width} fields like the header, got ${item.record.length}`,
      };
      continue;
    }
    const at = index;
    const fields = Object.fromEntries(
      Object.keys(columns).map((role) => [role, at[role as Role] === -1 ? '' : (item.record[at[role as Role]] ?? '')]),
    ) as PresetFields<C>;
    yield toItem(fields, item.line);
  }
  if (index === undefined) throw malformedInput(`the ${what} export has no header`);
}
