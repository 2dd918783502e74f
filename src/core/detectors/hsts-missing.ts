import type { Detector } from './detector.js';

/**
 * The chain ends on an HTTPS page that sends no `Strict-Transport-Security` (RFC 6797): a visitor's next plain-HTTP
 * request to the site can still be intercepted before any redirect to HTTPS.
 */
export const hstsMissing: Detector = ({ chain, stop }) => {
  // Only a complete chain has a final page (see not-https.ts).
  if (stop.kind !== 'complete') return [];
  const last = chain[chain.length - 1];
  if (last === undefined || !last.url.startsWith('https:') || last.headers['strict-transport-security'] !== undefined) {
    return [];
  }
  return [
    {
      type: 'hsts_missing',
      severity: 'info',
      message: `The final page sends no Strict-Transport-Security header: ${last.url}`,
      hop: chain.length - 1,
    },
  ];
};
