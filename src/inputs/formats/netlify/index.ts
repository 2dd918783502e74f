import type { RuleFormatSpec } from '../spec.js';
import { readNetlify } from './read.js';
import { writeNetlify } from './writer.js';

export { type NetlifyRule, parseNetlifyRule, REDIRECTS_VARIANTS, type RedirectsVariant } from './line.js';

/** Netlify's (and Cloudflare Pages') `_redirects`, or a `netlify.toml`'s `[[redirects]]`. */
export const netlifyFormat: RuleFormatSpec = {
  read: readNetlify,
  write: (text, edits, options) => writeNetlify(text, edits, options.variant ?? 'netlify'),
  lines: 'plain',
};
