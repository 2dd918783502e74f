import { isBlankOrComment, textLines } from '../../text/text-lines.js';
import type { RedirectsVariant } from './line.js';
import { type NetlifyEntry, redirectsEntries } from './redirects-text.js';
import { parseNetlifyToml } from './toml.js';

export type { NetlifyEntry } from './redirects-text.js';
export { netlifyItems } from './rule.js';

/** Whether the first meaningful line of a file is TOML (a `[table]` or a `key = value`), not a `_redirects` rule. */
function looksLikeToml(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('[') || /^[A-Za-z0-9_-]+\s*=/.test(trimmed);
}

/**
 * Parses a Netlify `_redirects` file, or a `netlify.toml` (recognised by its first meaningful line: a `[table]` or a
 * `key = value`), once: the rows (below) and the matcher (patterns.ts) are both made from its entries. A file that is
 * not TOML, or whose `redirects` is not an array, throws the input error. `variant: 'cloudflare-pages'` reads the
 * same syntax with Cloudflare Pages' default status (302).
 */
export async function parseNetlify(text: string, variant: RedirectsVariant | undefined): Promise<NetlifyEntry[]> {
  const lines = textLines(text);
  const first = lines.find((line) => !isBlankOrComment(line.text));
  // The lines before the first TOML line are blank or comments: kept, so that line numbers stay right.
  if (first !== undefined && looksLikeToml(first.text))
    return parseNetlifyToml(lines.map((line) => line.text).join('\n'), variant);
  return redirectsEntries(lines, variant);
}
