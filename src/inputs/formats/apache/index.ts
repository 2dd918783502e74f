import type { RuleFormatSpec } from '../spec.js';
import { readApache } from './read.js';
import { writeApache } from './writer.js';

/** Apache's `Redirect`, `RedirectMatch` and `RewriteRule` directives (`.htaccess`, `httpd.conf`). */
export const apacheFormat: RuleFormatSpec = { read: readApache, write: writeApache, lines: 'plain' };
