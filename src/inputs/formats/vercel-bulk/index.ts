import type { RuleFormatSpec } from '../spec.js';
import { readVercelBulk } from './read.js';

/** Vercel's bulk redirects: a JSON array, JSONL or CSV. */
export const vercelBulkFormat: RuleFormatSpec = {
  read: readVercelBulk,
  write: async (text, edits) => (await import('./writer.js')).writeVercelBulk(text, edits),
};
