import { findScriptRedirect } from '../html/script-redirect.js';
import type { Detector } from './detector.js';

/**
 * A final 2xx page whose inline script changes `location` to a literal URL: a redirect only a browser makes, which
 * Google may or may not see after rendering. Reported, not followed (rendering follows it).
 */
export const javascriptRedirect: Detector = ({ chain, finalBody }) => {
  const last = chain[chain.length - 1];
  if (last === undefined || finalBody === undefined || last.status < 200 || last.status > 299) return [];
  const written = findScriptRedirect(finalBody);
  if (written === undefined) return [];
  let target: string;
  try {
    target = new URL(written, last.url).href;
  } catch {
    return [];
  }
  return [
    {
      type: 'javascript_redirect',
      severity: 'warning',
      message: `The page's script sends the visitor to ${target}: a redirect only browsers make, and Google only sometimes sees; use a 301 or 308`,
      hop: chain.length - 1,
    },
  ];
};
