import type { RuleFormatSpec } from '../spec.js';
import { readWordpress } from './read.js';

/** An export of WordPress's Redirection plugin, JSON or CSV. */
export const wordpressFormat: RuleFormatSpec = {
  read: readWordpress,
  write: async (text, edits) => (await import('./writer.js')).writeWordpress(text, edits),
};
