import type { RuleFormatSpec } from '../spec.js';
import { readNginx } from './read.js';
import { writeNginx } from './writer.js';

/** nginx's `return`, `rewrite` and `location` directives; nginx picks a location by specificity, not by order. */
export const nginxFormat: RuleFormatSpec = { read: readNginx, write: writeNginx, unordered: true };
