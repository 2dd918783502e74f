import { malformedInput } from '../errors.js';
import { headerKey } from '../text/header-key.js';

/** The columns hoplens reads from a CSV input; `source` is the one required. */
export const CSV_ROLES = ['source', 'target', 'status'] as const;
/** A column hoplens reads. */
export type CsvRole = (typeof CSV_ROLES)[number];

/**
 * The header names of each column, as people export them from other tools, in the form {@link headerKey} gives
 * them. When several columns name one role, the name earlier here wins and the others are extra columns.
 *
 * Where the names come from:
 * - Screaming Frog, Response Codes tab: `Address`, `Status Code`, `Redirect URL`
 *   (https://www.screamingfrog.co.uk/guides/response-codes/); its Redirect Chains report: `Address`, `Final Address`.
 * - Yoast SEO Premium: a redirect's `origin`, `url`, `type`; exported for the Redirection plugin as
 *   `source URL,target URL,regex,http code` (https://gist.github.com/danielmcclure/0d92236a2b4c59dd6da988c193ed187e).
 * - Redirection (WordPress plugin): `source,target,regex,code,type,hits,title,status`, where `status` is
 *   `active`/`disabled` and `code` the HTTP status (https://redirection.me/developer/json-export/), hence `code`
 *   before `status` below.
 * - Rank Math: `source`, `destination`, `type` (its CSV import; no stored page to cite, the names are common ones).
 * - Shopify: `Redirect from,Redirect to` (https://help.shopify.com/csv/sample-redirect-template.csv); its API and
 *   bulk tools say `path`, `target`
 *   (https://shopify.dev/docs/api/admin-graphql/2025-10/objects/UrlRedirectImportPreview).
 * - Squarespace: URL mappings are lines (`/old -> /new 301`), not CSV; the migration maps people keep for them are
 *   `Old URL`, `New URL` (https://squareranked.com/squarespace-seo/redirects/migration-map/).
 * - Wix: `Old URL`, `New URL` (https://www.runoctopus.com/glossary/301-redirect/301-redirect-for-wix.html).
 * - Webflow: `Old Path`, `Redirect to` (https://www.redirects.net/articles/better-help-docs-301-redirects-webflow).
 * - HubSpot: `Original URL`, `Redirect to` (https://knowledge.hubspot.com/website-user-guide/how-to-use-the-url-mapping-tool-to-redirect-pages);
 *   its API: `routePrefix`, `destination`, `redirectStyle`
 *   (https://developers.hubspot.com/docs/api-reference/cms-url-redirects-v3/guide).
 * - Botify: `Redirects to URL` (https://support.botify.com/en/articles/9108585-removing-redirect-chains).
 */
export const CSV_HEADER_NAMES: Readonly<Record<CsvRole, readonly string[]>> = Object.freeze({
  source: [
    'source',
    'from',
    'old',
    'old url',
    'source url',
    'url',
    'address',
    'redirect from',
    'original url',
    'origin',
    'old path',
    'path',
    'route prefix',
  ],
  target: [
    'target',
    'to',
    'new',
    'new url',
    'target url',
    'destination',
    'destination url',
    'redirect to',
    'redirect url',
    'redirects to',
    'redirects to url',
    'final url',
    'final address',
    'new address',
    'new path',
  ],
  // `status` after the numeric names: Redirection and Rank Math exports have a `status` of `active`/`disabled`.
  status: ['status code', 'http status', 'http code', 'code', 'redirect code', 'redirect style', 'status', 'type'],
});

/** Columns named on the command line (`--columns target=Ziel`); an empty name says the role has no column. */
export type ColumnChoice = Partial<Record<CsvRole, string>>;

/** Where each column is in a record, and the columns kept as they are. */
export interface CsvColumns {
  /** The index of each role's column; -1 for an absent target or status. */
  roles: Record<CsvRole, number>;
  /** The header's names, trimmed, for messages. */
  names: string[];
  /** The other columns, by index, with their names as in the header (trimmed). */
  extra: Array<{ index: number; name: string }>;
  /** Fields a record must have: the header's. */
  width: number;
}

/** What a header must name, for messages. */
function expected(): string {
  return CSV_ROLES.map((role) => {
    const [name, ...others] = CSV_HEADER_NAMES[role];
    return `${name} (or ${others.join(', ')})`;
  }).join(', ');
}

const quoted = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(', ');

/** The columns `--columns` names, found in the header; a name the header lacks is an input error. */
function chosenColumns(names: string[], choice: ColumnChoice, line: number): Partial<Record<CsvRole, number>> {
  const keys = names.map(headerKey);
  const found: Partial<Record<CsvRole, number>> = {};
  for (const role of CSV_ROLES) {
    const wanted = choice[role];
    if (wanted === undefined) continue;
    const index = wanted === '' ? -1 : keys.indexOf(headerKey(wanted));
    if (wanted !== '' && index === -1) {
      throw malformedInput(`line ${line}: --columns ${role}=${wanted}: no such column in ${quoted(names)}`);
    }
    found[role] = index;
  }
  return found;
}

/**
 * Why a first line of URLs is no header: a Cloudflare bulk redirect list (`source,target[,status,flags...]`, no
 * header) is named `.csv` too, and read as CSV unless `--input cloudflare` says what it is.
 */
function headerlessHint(names: string[]): string {
  if (!names.some((name) => /^https?:\/\//i.test(name))) return '';
  const [source = '', target = '', status = ''] = names;
  const cloudflare =
    names.length >= 2 &&
    names.length <= 7 &&
    source !== '' &&
    /^https?:\/\//i.test(target) &&
    /^(?:30[1278])?$/.test(status);
  return cloudflare
    ? ' (a list without a header, as Cloudflare bulk redirect lists are: check it with --input cloudflare)'
    : ' (the first line must be a header)';
}

/**
 * The index of the first of `names` (in {@link headerKey} form, in order of preference) among a header's `keys`, a
 * column in `taken` passed over; -1 when none. The forgiving matching every CSV input shares (traffic files too).
 */
export function columnNamed(keys: readonly string[], names: readonly string[], taken: readonly number[] = []): number {
  for (const name of names) {
    const index = keys.indexOf(name);
    if (index !== -1 && !taken.includes(index)) return index;
  }
  return -1;
}

/** Reads the header record; throws `INPUT_MALFORMED` when no column names the source. */
export function readCsvHeader(record: string[], line: number, choice: ColumnChoice = {}): CsvColumns {
  const names = record.map((name) => name.trim());
  const keys = names.map(headerKey);
  const chosen = chosenColumns(names, choice, line);
  const roles: Record<CsvRole, number> = { source: -1, target: -1, status: -1, ...chosen };
  for (const role of CSV_ROLES) {
    if (chosen[role] === undefined) roles[role] = columnNamed(keys, CSV_HEADER_NAMES[role], Object.values(roles));
  }
  if (roles.source === -1) {
    const known = roles.target !== -1 || roles.status !== -1;
    const hint = headerlessHint(names);
    const what = known
      ? `no source column in the CSV header ${quoted(names)}`
      : `unknown CSV columns ${quoted(names)}${hint}`;
    throw malformedInput(`line ${line}: ${what}; expected ${expected()}, or name them with --columns`);
  }
  const used = new Set(Object.values(roles));
  const extra = names.flatMap((name, index) => (used.has(index) ? [] : [{ index, name }]));
  return { roles, names, extra, width: record.length };
}

/** The columns used, in words: `source "Old URL", target "Destination URL", status none; extra "Notes"`. */
export function describeColumns(columns: CsvColumns): string {
  const role = (name: CsvRole) => {
    const index = columns.roles[name];
    return `${name} ${index === -1 ? 'none' : JSON.stringify(columns.names[index])}`;
  };
  const extra = columns.extra.length === 0 ? '' : `; extra ${quoted(columns.extra.map((column) => column.name))}`;
  return `${CSV_ROLES.map(role).join(', ')}${extra}`;
}
