import { writeCsv } from '../csv-writer.js';
import type { RuleFormatSpec } from '../spec.js';
import { readCloudflareBulk } from './read.js';

/** A Cloudflare Bulk Redirects list: CSV with no header, absolute source URLs. */
export const cloudflareFormat: RuleFormatSpec = {
  read: readCloudflareBulk,
  // A Bulk Redirects list has no header: source, then target.
  write: (text, edits) => writeCsv(text, edits, { index: 1 }),
  absoluteSources: true,
  lines: 'plain',
};
