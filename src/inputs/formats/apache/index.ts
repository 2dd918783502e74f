import type { RuleFormatSpec } from '../spec.js';
import { readApache } from './read.js';

/** Apache's `Redirect`, `RedirectMatch` and `RewriteRule` directives (`.htaccess`, `httpd.conf`). */
export const apacheFormat: RuleFormatSpec = {
  read: readApache,
  write: async (text, edits) => (await import('./writer.js')).writeApache(text, edits),
  lines: 'plain',
};
