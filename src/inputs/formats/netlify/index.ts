import type { RuleFormatSpec } from '../spec.js';
import { readNetlify } from './read.js';

export { type NetlifyRule, parseNetlifyRule, type RedirectsVariant } from './line.js';

/** Netlify's (and Cloudflare Pages') `_redirects`, or a `netlify.toml`'s `[[redirects]]`. */
export const netlifyFormat: RuleFormatSpec = {
  read: readNetlify,
  write: async (text, edits, options) =>
    (await import('./writer.js')).writeNetlify(text, edits, options.variant ?? 'netlify'),
  lines: 'plain',
};
