import { documentBaseUrl } from '../html/base-url.js';
import type { PageSignals } from '../html/page-signals.js';
import { findScriptRedirects } from '../html/script-redirect.js';
import { withoutFragment } from '../portable/without-fragment.js';
import type { Detector, DetectorInput } from './detector.js';

/**
 * A final 2xx page whose inline script changes `location` to a literal URL: a redirect only a browser makes, which
 * Google may or may not see after rendering. Reported, not followed (rendering follows it).
 */
export const javascriptRedirect: Detector = ({ chain, finalSignals, clientRedirects = [] }) => [
  ...clientRedirects
    .filter((redirect) => redirect.via === 'javascript')
    .map((redirect) => ({
      type: 'javascript_redirect' as const,
      severity: 'warning' as const,
      message: `Hop ${redirect.hop + 1}'s script sends the visitor to ${redirect.target} (seen by rendering): a redirect only browsers make, and Google only sometimes sees; use a 301 or 308`,
      hop: redirect.hop,
    })),
  ...literalScriptRedirect(chain, finalSignals),
];

/**
 * Where the final 2xx page's inline script sends the visitor, changing `location` to a literal URL (read without
 * running it); undefined when it does not.
 */
export function scriptRedirectTarget(chain: DetectorInput['chain'], page: PageSignals | undefined): string | undefined {
  const last = chain[chain.length - 1];
  if (last === undefined || page === undefined || last.status < 200 || last.status > 299) return undefined;
  return findScriptRedirects(page.scripts)
    .map((written) => redirectTarget(written, page, last.url))
    .find((href) => href !== undefined);
}

/** The final page's inline script that changes `location` to a literal URL, read without running it. */
function literalScriptRedirect(chain: DetectorInput['chain'], page: PageSignals | undefined) {
  const target = scriptRedirectTarget(chain, page);
  if (target === undefined) return [];
  return [
    {
      type: 'javascript_redirect' as const,
      severity: 'warning' as const,
      message: `The page's script sends the visitor to ${target}: a redirect only browsers make, and Google only sometimes sees; use a 301 or 308`,
      hop: chain.length - 1,
    },
  ];
}

/**
 * Where a script's literal URL sends the visitor, resolved against the document's base URL as `location.href = ...`
 * is in the browser; undefined when it sends them nowhere else: a URL that does not parse, one that is not http(s)
 * (`mailto:`, `tel:`, `javascript:`), the page itself (a reload) or only a fragment of it (`#reviews` scrolls), as a
 * refresh to the page itself is not a redirect either.
 */
function redirectTarget(written: string, page: PageSignals, pageUrl: string): string | undefined {
  let target: URL;
  try {
    target = new URL(written, documentBaseUrl(page.base, pageUrl));
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  return withoutFragment(target.href) === withoutFragment(pageUrl) ? undefined : target.href;
}
