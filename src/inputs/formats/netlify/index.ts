import { readParsed } from '../parsed-read.js';
import type { FormatReadOptions, ParsedRuleText, RuleFormatSpec } from '../spec.js';
import { netlifyItems, parseNetlify } from './read.js';

export { type NetlifyRule, parseNetlifyRule, type RedirectsVariant } from './line.js';

/** The file parsed once (lines, or TOML): its rows, and its matcher made from the same entries when asked. */
async function parse(text: string, options: FormatReadOptions): Promise<ParsedRuleText> {
  const entries = await parseNetlify(text, options.variant);
  return {
    items: netlifyItems(entries, options),
    compile: async () => (await import('./patterns.js')).compileNetlify(entries),
  };
}

/** Netlify's (and Cloudflare Pages') `_redirects`, or a `netlify.toml`'s `[[redirects]]`. */
export const netlifyFormat: RuleFormatSpec = {
  read: readParsed((text, options) => netlifyFormat.parse!(text, options)),
  parse,
  write: async (text, edits, options) =>
    (await import('./writer.js')).writeNetlify(text, edits, options.variant ?? 'netlify'),
  lines: 'plain',
};
