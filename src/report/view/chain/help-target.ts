/**
 * Where an issue's help points, as the page can show it. The API gives a Google Search Central URL for the
 * search-related findings and, for hoplens's own, `docs/issues.md#<type>`: a file of the hoplens package
 * (src/core/issues/help.ts), which the service serves as the page `/docs/issues` with an anchor per type
 * (src/service/routes/doc-pages.ts). Both are links; any other help is shown as a reference to read.
 */

import { servedDocPath } from '../../../core/portable/index.js';

export type HelpTarget =
  /** A web page: linked, opening in a new tab. */
  | { kind: 'link'; href: string; text: string }
  /** Something the page cannot open: named. */
  | { kind: 'reference'; text: string };

const SITE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'developers.google.com': 'Google Search Central',
});

export function helpTarget(help: string): HelpTarget {
  // A page of the package's docs, `docs/NAME.md#anchor`, on the service's origin: `/docs/NAME#anchor`.
  const doc = servedDocPath(help);
  if (doc !== undefined) return { kind: 'link', href: doc, text: 'hoplens docs' };
  if (/^https:\/\//i.test(help)) {
    try {
      const host = new URL(help).hostname;
      return { kind: 'link', href: help, text: SITE_NAMES[host] ?? host };
    } catch {
      // Not a URL after all: named like a reference below.
    }
  }
  return { kind: 'reference', text: help };
}
