import { readParsed } from '../parsed-read.js';
import type { ParsedRuleText, RuleFormatSpec } from '../spec.js';
import { parseVercelFile, vercelItems } from './read.js';

/** The file parsed once (one JSON.parse): its rows, and its matcher made from the same entries when asked. */
async function parse(text: string, options: Parameters<typeof vercelItems>[1]): Promise<ParsedRuleText> {
  const { entries, parsed } = parseVercelFile(text);
  return {
    items: vercelItems(entries, options),
    compile: async () => {
      const [{ compileVercel }, { vercelSite, withSiteRedirects }] = await Promise.all([
        import('./patterns.js'),
        import('./site-redirects.js'),
      ]);
      return withSiteRedirects(vercelSite(text, parsed), compileVercel(entries));
    },
  };
}

/** A `vercel.json`'s `redirects`, behind the redirects its `cleanUrls` and `trailingSlash` make (site-redirects.ts). */
export const vercelFormat: RuleFormatSpec = {
  read: readParsed((text, options) => vercelFormat.parse!(text, options)),
  parse,
  write: async (text, edits) => (await import('./writer.js')).writeVercel(text, edits),
};
