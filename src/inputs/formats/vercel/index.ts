import type { RuleFormatSpec } from '../spec.js';
import { readVercel } from './read.js';
import { writeVercel } from './writer.js';

/** A `vercel.json`'s `redirects`. */
export const vercelFormat: RuleFormatSpec = { read: readVercel, write: writeVercel };
