import { isBlankOrComment, type NumberedLine, textLines } from '../../text/text-lines.js';
import { type NetlifyRule, parseNetlifyRule, type RedirectsVariant } from './line.js';

/** One rule of a `_redirects` or `netlify.toml`, parsed on its line, or why it cannot be read. */
export type NetlifyEntry = { line: number; text: string; rule: NetlifyRule } | { line: number; error: string };

/**
 * The rules of a `_redirects` file's lines, each parsed on its line. Apart from the TOML reading (toml.ts loads
 * smol-toml when used), so that the page, which has no lazy loading, parses `_redirects` with this same code.
 */
export function redirectsEntries(
  lines: readonly NumberedLine[],
  variant: RedirectsVariant | undefined,
): NetlifyEntry[] {
  return lines.flatMap(({ number, text }): NetlifyEntry[] => {
    if (isBlankOrComment(text)) return [];
    const rule = parseNetlifyRule(text, variant);
    return ['error' in rule ? { line: number, error: rule.error } : { line: number, text: text.trim(), rule }];
  });
}

/** A `_redirects` file's text parsed (see {@link redirectsEntries}). */
export function parseRedirectsText(text: string, variant: RedirectsVariant | undefined): NetlifyEntry[] {
  return redirectsEntries(textLines(text), variant);
}
