/**
 * Where an issue's help points, as the page can show it. The API gives a Google Search Central URL for the
 * search-related findings and, for hoplens's own, `docs/issues.md#<type>`: a file of the hoplens package and
 * repository (src/core/issue-help.ts), which this page does not serve and whose host it does not know. That one is
 * shown as a reference to read, not as a link that would resolve against the page and lead nowhere.
 */

export type HelpTarget =
  /** A web page: linked, opening in a new tab. */
  | { kind: 'link'; href: string; text: string }
  /** A document of the hoplens package: named. */
  | { kind: 'reference'; text: string };

const SITE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'developers.google.com': 'Google Search Central',
});

export function helpTarget(help: string): HelpTarget {
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
