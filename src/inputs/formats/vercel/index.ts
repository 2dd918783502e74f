import { readParsed } from '../parsed-read.js';
import type { FormatReadOptions, ParsedRuleText, RuleFormatSpec } from '../spec.js';
import { withBulkRedirects } from '../vercel-bulk/bulk-match.js';
import { readBulkRedirects } from './bulk-redirects.js';
import { parseVercelFile, vercelItems } from './read.js';

/**
 * The file parsed once (one JSON.parse): the rows of its bulk redirects (`bulkRedirectsPath`, which Vercel applies
 * before any other route), then its own; and its matcher made from the same entries when asked.
 */
async function parse(text: string, options: FormatReadOptions): Promise<ParsedRuleText> {
  const { entries, parsed } = parseVercelFile(text);
  const bulk = await readBulkRedirects(text, parsed, options.rulesDir, options);
  const parsedText: ParsedRuleText = {
    items: [...bulk.items, ...vercelItems(entries, options)],
    compile: async () => {
      const [{ compileVercel }, { vercelSite, withSiteRedirects }] = await Promise.all([
        import('./patterns.js'),
        import('./site-redirects.js'),
      ]);
      return withBulkRedirects(bulk.rules, withSiteRedirects(vercelSite(text, parsed), compileVercel(entries)));
    },
  };
  if (bulk.places !== undefined) parsedText.places = bulk.places;
  return parsedText;
}

/**
 * A `vercel.json`'s `redirects`, behind the redirects its `cleanUrls` and `trailingSlash` make (site-redirects.ts), and
 * its bulk redirects in front of them all.
 */
export const vercelFormat: RuleFormatSpec = {
  read: readParsed((text, options) => vercelFormat.parse!(text, options)),
  parse,
  write: async (text, edits) => (await import('./writer.js')).writeVercel(text, edits),
};
