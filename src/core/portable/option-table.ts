/**
 * The analysis options, declared once: each one's type, default, range, what it does, its command-line flag and
 * whether it is a query parameter of `GET /api/analyze`. Everything else is derived from this table: `DEFAULTS`
 * and `LIMITS`, `normalizeOptions` (src/core/options.ts), the API's query schema (src/schemas/analyze-query.ts), the
 * CLI's flags and help (src/cli/analysis-options.ts) and the web page's defaults (src/web/client/query-params.ts).
 * A default or a range changed here changes every face (test/core/option-table.test.ts checks that they agree).
 *
 * Pure data with type-only imports, so that the browser page can bundle it (src/core/portable/index.ts).
 */
import { PRODUCT_TOKEN_MAX_LENGTH } from '../product-token.js';
import type { ClientRedirectMode, HeaderSelection, HttpMethod, TlsMode } from '../types.js';

/** How the option appears on the command line. */
export interface CliFlag {
  /** The flag as commander declares it (`--max-hops <n>`, `--no-http2`). */
  readonly flag: string;
  /**
   * Its help text. The help of an integer, a text and a choice without `choices` gets the range and default from the
   * table appended; a switch's help is whole, because the CLI's own default may differ (`--block-private`).
   */
  readonly help: string;
  /** A choice whose values commander lists and checks (`(choices: "follow", "report")`). */
  readonly choices?: true;
  /** For a choice set by a switch (`--insecure`): the value the switch sets. */
  readonly sets?: string;
}

/** What every option declares. */
interface OptionBase {
  /** What it does, as the API documents it (the OpenAPI description); absent: not in the API's query. */
  readonly query?: string;
  readonly cli?: CliFlag;
}

/** A whole number within `[min, max]`. */
export interface IntegerOption extends OptionBase {
  readonly kind: 'integer';
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

/** One of a few words (compared case-insensitively by `normalizeOptions`). */
export interface ChoiceOption<T extends string = string> extends OptionBase {
  readonly kind: 'choice';
  readonly default: T;
  readonly values: readonly T[];
}

/** On or off. */
export interface SwitchOption extends OptionBase {
  readonly kind: 'switch';
  readonly default: boolean;
}

/** A request header's value: non-empty, at most `maxLength` latin1 characters, no control characters but tab. */
export interface HeaderTextOption extends OptionBase {
  readonly kind: 'header';
  readonly default: string;
  readonly maxLength: number;
}

/**
 * A crawler's product token, as robots.txt groups name crawlers (RFC 9309 §2.2.1): letters, `-` and `_`, at most
 * `maxLength` (src/core/product-token.ts).
 */
export interface TokenOption extends OptionBase {
  readonly kind: 'token';
  readonly default: string;
  readonly maxLength: number;
}

/** Any option of the table. */
export type OptionSpec = IntegerOption | ChoiceOption | SwitchOption | HeaderTextOption | TokenOption;

const USER_AGENT = 'hoplens/1.0';
const USER_AGENT_LENGTH = 512;

/** The table. Its order is the order `normalizeOptions` judges in and the API documents the parameters in. */
export const OPTION_TABLE = Object.freeze({
  userAgent: {
    kind: 'header',
    default: USER_AGENT,
    maxLength: USER_AGENT_LENGTH,
    query: `User-Agent sent on every hop (default \`${USER_AGENT}\`; at most ${USER_AGENT_LENGTH} latin1 characters, no control characters but tab)`,
    cli: { flag: '--user-agent <string>', help: 'User-Agent header to send' },
  } satisfies HeaderTextOption,
  maxHops: {
    kind: 'integer',
    default: 10,
    min: 1,
    max: 20,
    query: 'Maximum redirect-chain length',
    cli: { flag: '--max-hops <n>', help: 'stop after n hops' },
  } satisfies IntegerOption,
  timeout: {
    kind: 'integer',
    default: 10_000,
    min: 1000,
    max: 30_000,
    query: 'Per-request timeout, in milliseconds',
    cli: { flag: '--timeout <ms>', help: 'per-hop timeout in milliseconds' },
  } satisfies IntegerOption,
  method: {
    kind: 'choice',
    default: 'GET',
    values: ['GET', 'HEAD'],
    cli: { flag: '--method <method>', help: 'HTTP method for every hop: get or head' },
  } satisfies ChoiceOption<HttpMethod>,
  cookies: {
    kind: 'switch',
    default: false,
    cli: { flag: '--cookies', help: 'keep cookies set by one hop for the next ones (default: off)' },
  } satisfies SwitchOption,
  headers: {
    kind: 'choice',
    default: 'default',
    values: ['default', 'all'],
    cli: {
      flag: '--headers <which>',
      help: 'response headers reported per hop: the redirect-relevant ones, or all (then shown under each hop in tables)',
      choices: true,
    },
  } satisfies ChoiceOption<HeaderSelection>,
  blockPrivate: {
    kind: 'switch',
    default: true,
    cli: { flag: '--block-private', help: 'refuse private, loopback and link-local destinations (default: allowed)' },
  } satisfies SwitchOption,
  clientRedirects: {
    kind: 'choice',
    default: 'follow',
    values: ['follow', 'report'],
    query:
      '`follow`: a Refresh header or `<meta http-equiv="refresh">` on a 2xx page is a hop, as browsers and ' +
      'Googlebot see it; `report`: HTTP redirects only (the refresh is reported as `meta_refresh`)',
    cli: {
      flag: '--client-redirects <mode>',
      help: 'follow Refresh headers and meta refreshes as hops, as browsers and Googlebot do, or only report them',
      choices: true,
    },
  } satisfies ChoiceOption<ClientRedirectMode>,
  render: {
    kind: 'switch',
    default: false,
    query:
      '`true`: load the last page in headless Chromium and follow the navigations it makes on its own ' +
      '(JavaScript redirects) as hops. Only where the instance renders (`HOPLENS_RENDER=on`); else 400 `RENDER_DISABLED`',
    cli: {
      flag: '--render',
      help: 'load the last page in headless Chromium and follow its JavaScript redirects (default: off)',
    },
  } satisfies SwitchOption,
  renderWait: {
    kind: 'integer',
    default: 3000,
    min: 0,
    max: 10_000,
    query: 'With `render=true`: how long a rendered page may take to navigate on its own, in milliseconds',
    cli: { flag: '--render-wait <ms>', help: 'with --render, how long a page may take to navigate on its own' },
  } satisfies IntegerOption,
  tls: {
    kind: 'choice',
    default: 'verify',
    values: ['verify', 'report'],
    cli: {
      flag: '--insecure',
      help: 'a certificate problem does not fail the hop: it is reported as the issue tls_invalid',
      sets: 'report',
    },
  } satisfies ChoiceOption<TlsMode>,
  http2: {
    kind: 'switch',
    default: true,
    query: '`false`: speak HTTP/1.1 only; by default HTTPS hops offer HTTP/2 and use it when the server chooses it',
    cli: { flag: '--no-http2', help: 'speak HTTP/1.1 only: do not offer HTTP/2 to HTTPS servers' },
  } satisfies SwitchOption,
  robots: {
    kind: 'switch',
    default: true,
    query:
      "`false`: do not read the final URL's robots.txt (else fetched once per host and kept ten minutes; the issue " +
      "`robots_blocked_destination` says when it keeps the User-Agent's crawler out)",
    cli: { flag: '--no-robots', help: "do not read the final URL's robots.txt (robots_blocked_destination)" },
  } satisfies SwitchOption,
  crawler: {
    kind: 'token',
    default: 'Googlebot',
    maxLength: PRODUCT_TOKEN_MAX_LENGTH,
    query:
      'The crawler the destination is judged for, by its product token (RFC 9309 §2.2.1): the robots.txt group ' +
      'read, and the `X-Robots-Tag` and robots meta rules naming it. Letters, `-` and `_`, 1 to 64. The ' +
      'User-Agent sent is `userAgent`; `summary.crawler` says which crawler was used',
    cli: { flag: '--crawler <token>', help: "judge the destination's robots.txt and noindex rules for this crawler" },
  } satisfies TokenOption,
  asBrowser: {
    kind: 'switch',
    default: false,
    query:
      '`true`: the chain as a returning browser sees it: a host that sent a valid Strict-Transport-Security over ' +
      'HTTPS earlier in the chain has later `http://` requests to it (and its subdomains with includeSubDomains) ' +
      'upgraded before they are sent, shown as a hop with `redirectVia: "hsts"` (Chromium\'s internal 307), and the ' +
      'chain is judged as the browser follows it (RFC 6797 §8.3). The preload list is not consulted',
    cli: {
      flag: '--as-browser',
      help: 'follow the chain as a returning browser: http:// to a host that sent HSTS earlier (in this chain, or this check run) is upgraded before it is sent (default: off)',
    },
  } satisfies SwitchOption,
});

/** The options' names, in the table's order. */
export type OptionName = keyof typeof OPTION_TABLE;

// Rows, flags and value lists frozen too: the table is read by every face and changed by none.
for (const row of Object.values(OPTION_TABLE) as OptionSpec[]) {
  Object.freeze(row.cli);
  if (row.kind === 'choice') Object.freeze(row.values);
  Object.freeze(row);
}

/** The type of a row's values. */
type ValueOf<S> = S extends { kind: 'choice'; values: readonly (infer T)[] }
  ? T
  : S extends { kind: 'integer' }
    ? number
    : S extends { kind: 'switch' }
      ? boolean
      : string;

/** Each option's value type. */
export type OptionValues = { readonly [K in OptionName]: ValueOf<(typeof OPTION_TABLE)[K]> };

/** The names of the integer options (those with a range in `LIMITS`). */
export type IntegerOptionName = {
  [K in OptionName]: (typeof OPTION_TABLE)[K]['kind'] extends 'integer' ? K : never;
}[OptionName];

/** The names of the options that are query parameters of `GET /api/analyze`. */
export type QueryOptionName = {
  [K in OptionName]: (typeof OPTION_TABLE)[K] extends { query: string } ? K : never;
}[OptionName];

/** The options that are query parameters of `GET /api/analyze`, in the table's order. */
export const QUERY_OPTIONS: readonly QueryOptionName[] = Object.freeze(
  (Object.keys(OPTION_TABLE) as OptionName[]).filter(
    (name): name is QueryOptionName => optionSpec(name).query !== undefined,
  ),
);

/** An option's row, as the general {@link OptionSpec} (the table's own type is each row's literal shape). */
export function optionSpec(name: OptionName): OptionSpec {
  return OPTION_TABLE[name];
}
