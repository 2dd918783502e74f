import { type Static, Type } from 'typebox';
import {
  type AnalysisResult,
  describeSeverities,
  type Hop,
  ISSUE_TYPES,
  type Issue,
  RENDER_INCOMPLETE_REASONS,
  type Summary,
  WALL_VENDORS,
} from '../core/index.js';

/**
 * The response schemas of `GET /api/analyze`: the Analysis result of the API's contract (docs/api.md). They drive
 * the service's serializer and OpenAPI document and the page's types; the checks at the bottom keep them in step with
 * the core's types.
 */

const ms = (description: string) => Type.Integer({ minimum: 0, description });

/** Where a hop's time went. */
export const HopTimingsSchema = Type.Object(
  {
    dns: Type.Optional(ms('Name resolution, ms (0 for an IP literal); only on a hop that opened its connection')),
    connect: Type.Optional(ms('TCP connect, ms; only on a hop that opened its connection')),
    tls: Type.Optional(ms('TLS handshake, ms; only on an HTTPS hop that opened its connection')),
    firstByte: ms('From the request being written to the response headers, ms'),
  },
  {
    description:
      "The parts of responseTime (their sum, to within rounding); a reused connection's hop has firstByte only",
  },
);

/** The TLS session and certificate of an HTTPS hop that opened its connection. */
export const HopTlsSchema = Type.Object(
  {
    protocol: Type.String({ description: 'Negotiated TLS version: TLSv1.3, TLSv1.2, TLSv1.1 or TLSv1' }),
    cipher: Type.String({ description: 'Negotiated cipher suite (OpenSSL name)' }),
    subject: Type.String({ description: "The certificate's subject, as `CN=example.com`" }),
    issuer: Type.String({ description: "The certificate's issuer, as `C=US, O=Let's Encrypt, CN=R3`" }),
    altNames: Type.Array(Type.String(), { description: 'DNS names and IP addresses the certificate is for' }),
    validFrom: Type.String({ description: 'Start of validity, ISO 8601' }),
    validTo: Type.String({ description: 'End of validity, ISO 8601' }),
    daysLeft: Type.Integer({ description: 'Whole days from the analysis to validTo (negative once expired)' }),
  },
  { description: 'TLS session and peer certificate; only on an HTTPS hop that opened its connection' },
);

/** A bot wall's answer (src/core/walls/). */
export const HopWallSchema = Type.Object(
  {
    vendor: Type.Enum(WALL_VENDORS, {
      description: 'Whose wall: a vendor, or `generic` for a CAPTCHA or proof-of-work page of no vendor',
    }),
    action: Type.Enum(['challenge', 'block'], {
      description: '`challenge`: a check a browser would pass; `block`: the vendor refused this client',
    }),
    signal: Type.String({ description: 'The signal that gave it away (`cf-mitigated: challenge`)' }),
  },
  {
    description:
      "A bot wall's challenge or block page, served instead of the page: the chain's real end is unknown (`bot_wall`)",
  },
);

/** A hop's Strict-Transport-Security, parsed as a browser reads it (RFC 6797 §6.1, §8.1). */
export const HopHstsSchema = Type.Object(
  {
    value: Type.String({ description: 'The first Strict-Transport-Security field, as received' }),
    fields: Type.Integer({
      minimum: 1,
      description: 'How many Strict-Transport-Security fields the response had; a browser reads only the first',
    }),
    valid: Type.Boolean({
      description: 'Whether the first field conforms to RFC 6797 §6.1 (a browser ignores it if not)',
    }),
    problem: Type.Optional(Type.String({ description: 'Why it is invalid; absent when valid' })),
    maxAge: Type.Optional(
      Type.Integer({ minimum: 0, description: 'max-age in seconds (0: forget the host); absent when invalid' }),
    ),
    includeSubDomains: Type.Optional(
      Type.Boolean({ description: 'The includeSubDomains directive is present; absent when invalid' }),
    ),
    preload: Type.Optional(Type.Boolean({ description: 'The preload directive is present; absent when invalid' })),
    counts: Type.Boolean({
      description:
        'Whether a browser acts on it: valid and received over HTTPS without a certificate error (over HTTP, or over a connection whose certificate failed, it is ignored, RFC 6797 §8.1)',
    }),
  },
  { description: "The hop's Strict-Transport-Security, parsed; absent when it sent none" },
);

/** One request of the chain. */
export const HopSchema = Type.Object(
  {
    url: Type.String({ description: 'URL requested at this hop' }),
    status: Type.Integer({ description: 'HTTP status code returned at this hop' }),
    statusText: Type.String({ description: 'HTTP reason phrase for the status' }),
    responseTime: Type.Integer({
      description: 'Milliseconds from sending the request to receiving the response headers',
      minimum: 0,
    }),
    headers: Type.Record(Type.String(), Type.String(), {
      description: 'Redirect-relevant response headers of the hop, with lowercase names (location, cache-control...)',
    }),
    redirectType: Type.Optional(
      Type.Enum(['permanent', 'temporary'], {
        description:
          '`permanent` for 301/308 and a client redirect with delay 0, `temporary` for 302/303/307 and a delayed ' +
          'client redirect; absent on hops that do not redirect',
      }),
    ),
    redirectVia: Type.Optional(
      Type.Enum(['http', 'refresh-header', 'meta-refresh', 'javascript', 'hsts'], {
        description:
          'How this hop led to the next one: `http` (a 3xx with a Location), `refresh-header` (a Refresh header), ' +
          '`meta-refresh` (`<meta http-equiv="refresh">`), `javascript` (a navigation by script, when rendered) or ' +
          "`hsts` (with `asBrowser`: not sent, the browser's internal 307 upgrade of a known HSTS host to https)",
      }),
    ),
    refreshDelay: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: "A client redirect's declared delay in seconds (not waited for, not part of responseTime)",
      }),
    ),
    remoteAddress: Type.Optional(
      Type.String({ description: 'The address the connection that carried this hop was connected to' }),
    ),
    remotePort: Type.Optional(Type.Integer({ minimum: 0, description: 'The TCP port of that connection' })),
    reusedConnection: Type.Optional(
      Type.Boolean({ description: 'Whether an earlier request had already used the connection (keep-alive, HTTP/2)' }),
    ),
    httpVersion: Type.Optional(
      Type.Enum(['1.1', '2'], { description: '`2` when the server chose HTTP/2 by ALPN, else `1.1`' }),
    ),
    timings: Type.Optional(HopTimingsSchema),
    tls: Type.Optional(HopTlsSchema),
    wall: Type.Optional(HopWallSchema),
    hsts: Type.Optional(HopHstsSchema),
  },
  { description: 'One hop of the redirect chain' },
);

/** A finding. */
export const IssueSchema = Type.Object(
  {
    type: Type.Enum(ISSUE_TYPES, {
      description: `Kind of finding, each with the severity it is reported with: ${describeSeverities()}`,
    }),
    severity: Type.Enum(['error', 'warning', 'info'], { description: 'How serious the finding is' }),
    message: Type.String({ description: 'One human sentence' }),
    hop: Type.Optional(Type.Integer({ minimum: 0, description: 'Index into `chain` of the hop concerned' })),
    loopsTo: Type.Optional(
      Type.Integer({ minimum: 0, description: 'For `redirect_loop`: index of the earlier hop the loop returns to' }),
    ),
    help: Type.String({
      description:
        'A page that explains the finding: a Google Search Central URL for search-related findings, otherwise ' +
        '`docs/issues.md#<type>`, a path relative to the hoplens package, served by the service as `/docs/issues#<type>`',
    }),
  },
  { description: 'A problem detected in the chain' },
);

/** Summary statistics. */
export const SummarySchema = Type.Object(
  {
    totalHops: Type.Integer({ minimum: 0, description: 'Number of hops in the chain' }),
    finalUrl: Type.String({ description: 'URL of the last hop' }),
    finalStatus: Type.Integer({ description: 'Status of the last hop' }),
    canonical: Type.Optional(
      Type.String({
        description:
          'The canonical URL the final 2xx page declares (`<link rel="canonical">` in its head and/or a `Link` header ' +
          'with `rel="canonical"`), absolute; absent when it declares none, or several different ones (ignored, as ' +
          'Google ignores them: `canonical_conflict`)',
      }),
    ),
    totalTime: Type.Integer({ minimum: 0, description: "Sum of the hops' responseTime, in milliseconds" }),
    crawler: Type.Optional(
      Type.String({
        description:
          "The crawler's product token the destination was judged for: the robots.txt group read and the " +
          '`X-Robots-Tag`/robots meta rules applied besides those for every crawler (the `crawler` parameter, ' +
          'default `Googlebot`); always present in an analysis',
      }),
    ),
    hasLoop: Type.Boolean({ description: 'Whether a redirect loop was detected' }),
    issues: Type.Array(IssueSchema, { description: 'Detected issues, most severe first; empty when none' }),
    renderIncomplete: Type.Optional(
      Type.Enum(RENDER_INCOMPLETE_REASONS, {
        description:
          'With `render=true`: why the render that was asked for did not run or did not finish (`queue`: no render ' +
          'slot in time; `timeout`; `request_limit`, `byte_limit`, `memory_limit`: a bound of the render; ' +
          '`form_post`: the page submitted a form by POST, never sent; `crashed`: its renderer process crashed), ' +
          'with a `render_incomplete` finding; ' +
          'absent when the render finished or none was asked for',
      }),
    ),
  },
  { description: 'Summary statistics of the chain' },
);

/** The caller's rate-limit status; equal to the X-RateLimit-* headers of the same response. */
export const RateLimitSchema = Type.Object(
  {
    limit: Type.Integer({ description: 'Per-minute request allowance (X-RateLimit-Limit)' }),
    remaining: Type.Integer({
      minimum: 0,
      description: 'Requests left before a 429, the smaller of the minute and day windows (X-RateLimit-Remaining)',
    }),
    reset: Type.Integer({
      description:
        'UTC epoch seconds at which the window that `remaining` reflects resets (X-RateLimit-Reset), as GitHub does',
    }),
  },
  { description: "Rate-limit status of the caller's IP address" },
);

/** The body of a 200 from `GET /api/analyze`. */
export const AnalysisResponseSchema = Type.Object(
  {
    success: Type.Literal(true, { description: 'true: the chain was traced (findings such as loops still give true)' }),
    url: Type.String({ description: 'The URL submitted for analysis, as given' }),
    chain: Type.Array(HopSchema, { description: 'The redirect hops, in the order followed' }),
    summary: SummarySchema,
    rateLimit: RateLimitSchema,
  },
  { description: 'Analysis result' },
);

/** The `rateLimit` object. */
export type RateLimitBody = Static<typeof RateLimitSchema>;
/** The body of a 200. */
export type AnalysisResponse = Static<typeof AnalysisResponseSchema>;

// Compile-time checks: the schemas describe exactly the core's types (each direction must be assignable).
/** Equal types with the same keys: an optional field missing on one side is a difference too. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
const checks: [
  Same<Static<typeof HopSchema>, Hop>,
  Same<Static<typeof IssueSchema>, Issue>,
  Same<Static<typeof SummarySchema>, Summary>,
  Same<Omit<AnalysisResponse, 'rateLimit'>, AnalysisResult>,
] = [true, true, true, true];
void checks;
