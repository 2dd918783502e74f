import type { RuleFormatSpec } from '../spec.js';
import { readNginx } from './read.js';

/** nginx's `return`, `rewrite` and `location` directives; nginx picks a location by specificity, not by order. */
export const nginxFormat: RuleFormatSpec = {
  read: readNginx,
  write: async (text, edits) => (await import('./writer.js')).writeNginx(text, edits),
  unordered: true,
};
