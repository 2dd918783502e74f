import type { RuleFormatSpec } from '../spec.js';
import { readVercel } from './read.js';

/** A `vercel.json`'s `redirects`. */
export const vercelFormat: RuleFormatSpec = {
  read: readVercel,
  write: async (text, edits) => (await import('./writer.js')).writeVercel(text, edits),
};
