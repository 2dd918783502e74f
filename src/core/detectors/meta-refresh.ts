import type { ClientRedirect } from '../client-redirect.js';
import type { Detector, Finding } from './detector.js';

const VIA_WORDS: Readonly<Record<ClientRedirect['via'], string>> = {
  'refresh-header': 'a Refresh header',
  'meta-refresh': 'a meta refresh',
  javascript: 'a script',
};

/** What Google makes of a refresh (Search Central, "Redirects and Google Search"). */
function googleReading(delay: number): string {
  return delay === 0
    ? 'Google treats an instant refresh as a permanent redirect, but a 301 or 308 is clearer to every client'
    : 'Google treats a delayed refresh as a temporary redirect; use a 301 or 308 if the move is permanent';
}

function describe(redirect: ClientRedirect, status: number | undefined): string {
  const how = VIA_WORDS[redirect.via];
  const wait = redirect.delay === 0 ? 'at once' : `after ${redirect.delay} s`;
  const head = `Hop ${redirect.hop + 1} sends the visitor to ${redirect.target} ${wait} with ${how}`;
  if (redirect.followed) return `${head}: ${googleReading(redirect.delay)}`;
  if (status !== undefined && (status < 200 || status > 299)) {
    return `${head}, on a ${status} page: not followed, since an error page is not a redirect`;
  }
  return `${head} (not followed: client redirects are only reported): ${googleReading(redirect.delay)}`;
}

/**
 * A client-side redirect (a `Refresh` header or a `<meta http-equiv="refresh">`) on any page of the chain, followed
 * or not: browsers and Googlebot follow it, other clients do not, and a 3xx says the same thing to all of them.
 */
export const metaRefresh: Detector = ({ chain, clientRedirects = [] }) =>
  clientRedirects
    .filter((redirect) => redirect.via !== 'javascript')
    .map(
      (redirect): Finding => ({
        type: 'meta_refresh',
        severity: 'warning',
        message: describe(redirect, chain[redirect.hop]?.status),
        hop: redirect.hop,
      }),
    );
