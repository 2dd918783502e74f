/**
 * The request headers a caller of the public service (and the page) may set for an analysis, each with why. Only
 * headers that change which redirect a site chooses, and none that carries a credential or an identity: the service
 * must not become a relay that sends a caller's Authorization or Cookie, or forges a client address or the Host, to
 * someone else's server. Everything else stays a CLI and library option (`-H`, `requestHeaders`).
 */

/** An allowed header, lower-case as the query parameter names it, with its reason. */
export interface ApiHeader {
  readonly name: string;
  /** As people write it (`Accept-Language`), for messages and the page. */
  readonly display: string;
  readonly why: string;
}

export const API_HEADERS: readonly ApiHeader[] = Object.freeze([
  {
    name: 'accept-language',
    display: 'Accept-Language',
    why: 'language redirects (a site sending /fr/ to French browsers: RFC 9110 §12.5.4)',
  },
  { name: 'accept', display: 'Accept', why: 'content negotiation that redirects by media type (RFC 9110 §12.5.1)' },
  { name: 'referer', display: 'Referer', why: 'redirects chosen by the referring page (hotlink rules, campaigns)' },
  {
    name: 'cache-control',
    display: 'Cache-Control',
    why: 'no-cache asks caches and CDNs to revalidate, to see the origin’s current redirect (RFC 9111 §5.2.1.4)',
  },
  {
    name: 'pragma',
    display: 'Pragma',
    why: 'the HTTP/1.0 spelling of no-cache some caches still read (RFC 9111 §5.4)',
  },
  {
    name: 'upgrade-insecure-requests',
    display: 'Upgrade-Insecure-Requests',
    why: 'browsers send it; some servers redirect http to https only when it is present (W3C Upgrade Insecure Requests)',
  },
]);

/** The query parameter prefix: `header.accept-language=fr-FR`. */
export const API_HEADER_PREFIX = 'header.';

/** Headers refused with a word on why, beyond not being allowed: credentials, the host, forged client addresses. */
const NEVER = /^(authorization|proxy-authorization|cookie|host|forwarded|x-forwarded-.*|x-real-ip|via)$/;

/** Why a header name may not be set through the service, or undefined when it may. */
export function refusedApiHeader(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (API_HEADERS.some((header) => header.name === name)) return undefined;
  if (API_HEADERS.some((header) => header.name === lower))
    return `is written in lower case: ${API_HEADER_PREFIX}${lower}`;
  const allowed = API_HEADERS.map((header) => header.display).join(', ');
  const why = NEVER.test(lower) ? 'carries a credential, the host or a client address' : 'is not allowed';
  return `names ${name}, which ${why}: the service sets only ${allowed}`;
}
