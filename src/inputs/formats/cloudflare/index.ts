import type { RuleFormatSpec } from '../spec.js';
import { readCloudflareBulk } from './read.js';

/** A Cloudflare Bulk Redirects list: CSV with no header, absolute source URLs. */
export const cloudflareFormat: RuleFormatSpec = {
  read: readCloudflareBulk,
  // A Bulk Redirects list has no header: source, then target.
  write: async (text, edits) => (await import('../csv-writer.js')).writeCsv(text, edits, { index: 1 }),
  absoluteSources: true,
  lines: 'plain',
};
