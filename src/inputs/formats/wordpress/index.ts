import type { RuleFormatSpec } from '../spec.js';
import { readWordpress } from './read.js';
import { writeWordpress } from './writer.js';

/** An export of WordPress's Redirection plugin, JSON or CSV. */
export const wordpressFormat: RuleFormatSpec = { read: readWordpress, write: writeWordpress };
