import { readParsed } from '../parsed-read.js';
import type { FormatReadOptions, ParsedRuleText, RuleFormatSpec } from '../spec.js';
import { nginxItems, parseNginx } from './read.js';

/** The configuration parsed once: its rows, and its matcher made from the same directives when asked. */
async function parse(text: string, options: FormatReadOptions): Promise<ParsedRuleText> {
  const parsed = parseNginx(text);
  return {
    items: nginxItems(parsed, options),
    compile: async () => {
      const { compileNginx } = await import('./patterns.js');
      // Loaded only with a root: reading the file system has no place in the page's bundle.
      if (options.docroot === undefined) return compileNginx(parsed);
      return compileNginx(parsed, (await import('./docroot.js')).folderDocroot(options.docroot));
    },
  };
}

/** nginx's `return`, `rewrite` and `location` directives; nginx picks a location by specificity, not by order. */
export const nginxFormat: RuleFormatSpec = {
  read: readParsed((text, options) => nginxFormat.parse!(text, options)),
  parse,
  write: async (text, edits) => (await import('./writer.js')).writeNginx(text, edits),
  unordered: true,
};
