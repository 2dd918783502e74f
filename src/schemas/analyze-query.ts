import { type Static, Type } from 'typebox';
import { DEFAULTS, LIMITS } from '../core/index.js';

/** Longest URL accepted for analysis, in characters. */
export const MAX_URL_LENGTH = 2048;

/**
 * The query string of `GET /api/analyze`. Integers are declared as integers (so the OpenAPI document says what
 * docs/api.md's parameter table says); the strict-query hook makes sure only plain digit strings reach the validator's coercion.
 */
export const AnalyzeQuerySchema = Type.Object({
  url: Type.String({
    minLength: 1,
    maxLength: MAX_URL_LENGTH,
    description: `The http or https URL to analyse (at most ${MAX_URL_LENGTH} characters)`,
    examples: ['https://example.com/old-page'],
  }),
  userAgent: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: LIMITS.userAgentLength,
      description: `User-Agent sent on every hop (default \`${DEFAULTS.userAgent}\`; at most ${LIMITS.userAgentLength} latin1 characters, no control characters but tab)`,
    }),
  ),
  maxHops: Type.Optional(
    Type.Integer({
      minimum: LIMITS.maxHops.min,
      maximum: LIMITS.maxHops.max,
      default: DEFAULTS.maxHops,
      description: 'Maximum redirect-chain length',
    }),
  ),
  timeout: Type.Optional(
    Type.Integer({
      minimum: LIMITS.timeout.min,
      maximum: LIMITS.timeout.max,
      default: DEFAULTS.timeout,
      description: 'Per-request timeout, in milliseconds',
    }),
  ),
  clientRedirects: Type.Optional(
    Type.Enum(['follow', 'report'], {
      default: DEFAULTS.clientRedirects,
      description:
        '`follow`: a Refresh header or `<meta http-equiv="refresh">` on a 2xx page is a hop, as browsers and ' +
        'Googlebot see it; `report`: HTTP redirects only (the refresh is reported as `meta_refresh`)',
    }),
  ),
  render: Type.Optional(
    Type.Boolean({
      default: DEFAULTS.render,
      description:
        '`true`: load the last page in headless Chromium and follow the navigations it makes on its own ' +
        '(JavaScript redirects) as hops. Only where the instance renders (`HOPLENS_RENDER=on`); else 400 `RENDER_DISABLED`',
    }),
  ),
  renderWait: Type.Optional(
    Type.Integer({
      minimum: LIMITS.renderWait.min,
      maximum: LIMITS.renderWait.max,
      default: DEFAULTS.renderWait,
      description: 'With `render=true`: how long a rendered page may take to navigate on its own, in milliseconds',
    }),
  ),
  http2: Type.Optional(
    Type.Boolean({
      default: DEFAULTS.http2,
      description:
        '`false`: speak HTTP/1.1 only; by default HTTPS hops offer HTTP/2 and use it when the server chooses it',
    }),
  ),
  robots: Type.Optional(
    Type.Boolean({
      default: DEFAULTS.robots,
      description:
        "`false`: do not read the final URL's robots.txt (else fetched once per host and kept ten minutes; the issue " +
        '`robots_blocked_destination` says when it keeps the judged crawler out)',
    }),
  ),
  crawler: Type.Optional(
    Type.String({
      // The characters are the core's to check (checkCrawler), whose message says what a product token is.
      minLength: 1,
      maxLength: LIMITS.crawlerLength,
      default: DEFAULTS.crawler,
      description:
        'The crawler the destination is judged for, by its product token (RFC 9309 §2.2.1): the robots.txt group ' +
        'read, and the `X-Robots-Tag` and robots meta rules naming it. Letters, `-` and `_`, 1 to 64. The ' +
        'User-Agent sent is `userAgent`; `summary.crawler` says which crawler was used',
      examples: ['Googlebot', 'bingbot'],
    }),
  ),
});

/** The validated query. */
export type AnalyzeQuery = Static<typeof AnalyzeQuerySchema>;
