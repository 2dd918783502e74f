import { type AcceptedRefresh, acceptRefresh, firstMetaRefresh } from './html/meta-refresh.js';
import type { PageSignals } from './html/page-signals.js';
import { withoutFragment } from './portable/without-fragment.js';

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
 * The refresh a page declares that sends the visitor elsewhere, by the HTML standard's first-refresh rule: the
 * `Refresh` header's steps run when the document is created (on its value isomorphic-decoded: one character per byte,
 * as undici gives it; several `Refresh` headers combined with ", " as the Fetch standard and Chromium combine them),
 * then each `<meta http-equiv="refresh">` as the parser
 * inserts it; the first that parses (delay and URL) is the page's refresh and the rest are ignored
 * (src/core/html/meta-refresh.ts). That refresh is not a redirect when it reloads the page (no URL, or the page's own)
 * or goes to a scheme other than http(s), which a redirect checker does not follow.
 */
export function declaredRefresh(
  url: URL,
  header: string | string[] | undefined,
  page: PageSignals | undefined,
): DeclaredRefresh | undefined {
  const headerValue = Array.isArray(header) ? header.join(', ') : header;
  // The header's URL resolves against the response's URL: there is no <base> yet when the document is created.
  const fromHeader =
    headerValue === undefined ? undefined : acceptRefresh(headerValue, url, url, page?.encoding, 'header');
  if (fromHeader !== undefined) return asRedirect(url, 'refresh-header', fromHeader);
  const fromMeta = page === undefined ? undefined : firstMetaRefresh(page.refreshes, url, page.encoding);
  return fromMeta === undefined ? undefined : asRedirect(url, 'meta-refresh', fromMeta);
}

/**
 * The refresh of the page, if any, that names `target`: the one the browser followed when a render saw the page go
 * there. Every refresh the steps accept counts, not only the first: Chromium lets a later one replace the one it
 * scheduled (docs/library.md, "How pages are read").
 */
export function refreshGoingTo(
  url: URL,
  header: string | string[] | undefined,
  page: PageSignals | undefined,
  target: URL,
): DeclaredRefresh | undefined {
  const headerValue = Array.isArray(header) ? header.join(', ') : header;
  const accepted: DeclaredRefresh[] = [];
  const fromHeader =
    headerValue === undefined ? undefined : acceptRefresh(headerValue, url, url, page?.encoding, 'header');
  if (fromHeader !== undefined) accepted.push({ via: 'refresh-header', ...fromHeader });
  for (const { content, base } of page?.refreshes ?? []) {
    const one = content === undefined ? undefined : firstMetaRefresh([{ content, base }], url, page?.encoding);
    if (one !== undefined) accepted.push({ via: 'meta-refresh', ...one });
  }
  const wanted = withoutFragment(target.href);
  return accepted.find((refresh) => withoutFragment(refresh.target.href) === wanted);
}

function asRedirect(url: URL, via: DeclaredRefresh['via'], refresh: AcceptedRefresh): DeclaredRefresh | undefined {
  const { target } = refresh;
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  if (withoutFragment(target.href) === withoutFragment(url.href)) return undefined;
  return { via, delay: refresh.delay, target };
}
