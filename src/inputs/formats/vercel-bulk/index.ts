import type { RuleFormatSpec } from '../spec.js';
import { readVercelBulk } from './read.js';
import { writeVercelBulk } from './writer.js';

/** Vercel's bulk redirects: a JSON array, JSONL or CSV. */
export const vercelBulkFormat: RuleFormatSpec = { read: readVercelBulk, write: writeVercelBulk };
