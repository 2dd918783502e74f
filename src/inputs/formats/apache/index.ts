import { readParsed } from '../parsed-read.js';
import type { ParsedRuleText, RuleFormatSpec } from '../spec.js';
import { parseApache } from './lines.js';
import { apacheItems } from './read.js';

/** The file parsed once into directives: its rows, and its matcher made from the same directives when asked. */
async function parse(text: string, options: Parameters<typeof apacheItems>[1]): Promise<ParsedRuleText> {
  const directives = parseApache(text);
  return {
    items: apacheItems(directives, options),
    compile: async () => (await import('./patterns.js')).compileApache(directives),
  };
}

/** Apache's `Redirect`, `RedirectMatch` and `RewriteRule` directives (`.htaccess`, `httpd.conf`). */
export const apacheFormat: RuleFormatSpec = {
  read: readParsed((text, options) => apacheFormat.parse!(text, options)),
  parse,
  write: async (text, edits) => (await import('./writer.js')).writeApache(text, edits),
  lines: 'plain',
};
