import { findMetaRefresh } from './html/meta-refresh.js';
import { decodeHeaderBytes, withoutFragment } from './location.js';
import { parseRefresh } from './refresh.js';

/** How a page sends its visitor on without a 3xx: a `Refresh` header, a `<meta http-equiv="refresh">`, a script. */
export type ClientRedirectVia = 'refresh-header' | 'meta-refresh' | 'javascript';

/** A client-side redirect a page declares. */
export interface ClientRedirect {
  /** Index of the hop whose page declares it. */
  readonly hop: number;
  readonly via: ClientRedirectVia;
  /** Seconds the page waits first, as declared (0 for a script). */
  readonly delay: number;
  /** Where it sends the visitor (resolved against the page's URL). */
  readonly target: string;
  /** Whether the chain went on to the target (it does not for an error page, or with `clientRedirects: 'report'`). */
  readonly followed: boolean;
}

/** A refresh found on a page, before it is known whether the chain follows it. */
export interface DeclaredRefresh {
  readonly via: 'refresh-header' | 'meta-refresh';
  readonly delay: number;
  readonly target: URL;
}

/**
 * The refresh a page declares that sends the visitor elsewhere: the `Refresh` header first, else the first
 * `<meta http-equiv="refresh">` of the HTML read. A refresh without a URL, to the page's own URL, to an unparsable
 * URL or to a scheme other than http(s) reloads the page or goes nowhere a redirect checker follows: not a redirect.
 */
export function declaredRefresh(
  url: URL,
  header: string | string[] | undefined,
  body: string | undefined,
): DeclaredRefresh | undefined {
  const headerValue = Array.isArray(header) ? header[0] : header;
  if (headerValue !== undefined) return refreshTo(url, 'refresh-header', decodeHeaderBytes(headerValue));
  const meta = body === undefined ? undefined : findMetaRefresh(body);
  return meta === undefined ? undefined : refreshTo(url, 'meta-refresh', meta);
}

function refreshTo(url: URL, via: DeclaredRefresh['via'], content: string): DeclaredRefresh | undefined {
  const declaration = parseRefresh(content);
  if (declaration?.url === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(declaration.url, url);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  if (withoutFragment(target.href) === withoutFragment(url.href)) return undefined;
  return { via, delay: declaration.delay, target };
}
