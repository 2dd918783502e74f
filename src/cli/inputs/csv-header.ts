import { cliError } from '../errors.js';

/** The columns hoplens reads from a CSV input; `source` is the one required. */
export const CSV_ROLES = ['source', 'target', 'status'] as const;
/** A column hoplens reads. */
export type CsvRole = (typeof CSV_ROLES)[number];

/**
 * The header names of each column, as people export them from other tools (redirect plugins, crawlers, spreadsheets),
 * in the form {@link headerKey} gives them. When several columns name one role, the name earlier here wins and the
 * others are extra columns: `status` beats `type` in a `source,target,type,status` export.
 */
export const CSV_HEADER_NAMES: Readonly<Record<CsvRole, readonly string[]>> = Object.freeze({
  source: ['source', 'from', 'old', 'old url', 'source url', 'url'],
  target: ['target', 'to', 'new', 'new url', 'target url', 'destination', 'redirect to'],
  status: ['status', 'code', 'status code', 'type', 'http status'],
});

/** Where each column is in a record, and the columns kept as they are. */
export interface CsvColumns {
  /** The index of each role's column; -1 for an absent target or status. */
  roles: Record<CsvRole, number>;
  /** The other columns, by index, with their names as in the header (trimmed). */
  extra: Array<{ index: number; name: string }>;
  /** Fields a record must have: the header's. */
  width: number;
}

/** A header name in comparable form: case, spaces, `_` and `-` do not matter (`Old_URL` is `old url`). */
export function headerKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** What a header must name, for messages. */
function expected(): string {
  return CSV_ROLES.map((role) => {
    const [name, ...others] = CSV_HEADER_NAMES[role];
    return `${name} (or ${others.join(', ')})`;
  }).join(', ');
}

/** Reads the header record; throws `INPUT_ERROR` when no column names the source. */
export function readCsvHeader(record: string[], line: number): CsvColumns {
  const keys = record.map(headerKey);
  const roles: Record<CsvRole, number> = { source: -1, target: -1, status: -1 };
  for (const role of CSV_ROLES) {
    for (const name of CSV_HEADER_NAMES[role]) {
      const index = keys.indexOf(name);
      if (index !== -1 && !Object.values(roles).includes(index)) {
        roles[role] = index;
        break;
      }
    }
  }
  if (roles.source === -1) {
    const names = record.map((name) => JSON.stringify(name.trim())).join(', ');
    const known = roles.target !== -1 || roles.status !== -1;
    const hint = record.some((name) => /^https?:/i.test(name.trim())) ? ' (the first line must be a header)' : '';
    const what = known ? `no source column in the CSV header ${names}` : `unknown CSV columns ${names}${hint}`;
    throw cliError('INPUT_ERROR', `line ${line}: ${what}; expected ${expected()}`);
  }
  const used = new Set(Object.values(roles));
  const extra = record.flatMap((name, index) => (used.has(index) ? [] : [{ index, name: name.trim() }]));
  return { roles, extra, width: record.length };
}
