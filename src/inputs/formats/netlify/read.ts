import type { InputItem } from '../../row.js';
import { isBlankOrComment, textLines } from '../../text/text-lines.js';
import type { RedirectsVariant } from './line.js';
import { type NetlifyEntry, redirectsEntries } from './redirects-text.js';
import { type NetlifyReadOptions, netlifyRuleItem } from './rule.js';
import { parseNetlifyToml } from './toml.js';

export type { NetlifyEntry } from './redirects-text.js';

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

/**
 * The rows of a parsed `_redirects` or `netlify.toml`, each rule's source made absolute on the base URL. Rules with
 * splats, placeholders or conditions match many URLs or some visitors only: they are skipped and counted; what
 * Cloudflare Pages does not support is refused for its variant.
 */
export function netlifyItems(entries: readonly NetlifyEntry[], options: NetlifyReadOptions): InputItem[] {
  return entries.map((entry) =>
    'error' in entry
      ? { kind: 'invalid', line: entry.line, message: entry.error }
      : netlifyRuleItem(entry.rule, entry.line, entry.text, options),
  );
}
