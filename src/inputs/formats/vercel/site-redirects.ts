import type { CompiledRules, RuleMatch } from '../../patterns/rule-match.js';
import { withQuery } from '../../patterns/rule-match.js';
import { isJsonObject } from '../../text/json-rules.js';
import { lineFinder } from '../../text/text-lines.js';

/**
 * The redirects a vercel.json makes without a `redirects` rule: `cleanUrls` and `trailingSlash`
 * (vercel.com/docs/project-configuration/vercel-json, "cleanUrls" and "trailingSlash"). Vercel places them before
 * the file's own redirects (the routes @vercel/routing-utils' getTransformedRoutes builds), each a 308:
 * - `cleanUrls`: `/about.html` and `/about.html/` go to `/about`, an `index` or `index.html` (with or without a slash
 *   after it) to its folder: `/index.html` to `/`, `/blog/index` to `/blog`;
 * - `trailingSlash: false`: a path ending in `/` (not `/` itself) goes to the path without it;
 * - `trailingSlash: true`: a path whose last segment has no dot goes to the path with a `/`, a path whose last
 *   segment has an extension and a `/` after it goes to the path without it, and `/.well-known/…` is left as it is
 *   (no redirect, and no rule after it answers).
 * With both, the clean URL gets the trailing slash. Each answers on the line of its key in the file.
 */
export interface VercelSite {
  readonly cleanUrls?: { readonly line: number } | undefined;
  readonly trailingSlash?: { readonly value: boolean; readonly line: number } | undefined;
}

/** The `cleanUrls` and `trailingSlash` settings of a vercel.json (`parsed` is its `text` parsed), with their lines. */
export function vercelSite(text: string, parsed: unknown): VercelSite {
  if (!isJsonObject(parsed)) return {};
  const lineOf = lineFinder(text);
  // The key's first occurrence as a key: vercel.json nests no object that has these names.
  const lineOfKey = (key: string) => {
    const at = text.search(new RegExp(`"${key}"\\s*:`));
    return at < 0 ? 1 : lineOf(at);
  };
  const { cleanUrls, trailingSlash } = parsed;
  return {
    ...(cleanUrls === true && { cleanUrls: { line: lineOfKey('cleanUrls') } }),
    ...(typeof trailingSlash === 'boolean' && {
      trailingSlash: { value: trailingSlash, line: lineOfKey('trailingSlash') },
    }),
  };
}

const INDEX = /^\/(?:(.+)\/)?index(?:\.html)?\/?$/;
const HTML = /^\/(.*)\.html\/?$/;
const WELL_KNOWN = /^\/\.well-known(?:\/.*)?$/;
const NO_DOT_LAST = /^\/((?:[^/]+\/)*[^/.]+)$/;
const EXTENSION_SLASH = /^\/((?:[^/]+\/)*[^/]+\.\w+)\/$/;
const ENDS_IN_SLASH = /^\/(.*)\/$/;

/** What the settings answer for `url`: a redirect, `served` (left as it is, no later rule), or nothing. */
function siteAnswer(site: VercelSite, url: URL): RuleMatch | 'served' | undefined {
  const path = url.pathname;
  const slash = site.trailingSlash?.value === true ? '/' : '';
  const to = (line: number, target: string): RuleMatch => ({ line, target: withQuery(target, url), status: 308 });
  if (site.cleanUrls !== undefined) {
    const clean = INDEX.exec(path) ?? HTML.exec(path);
    // The site's own index goes to `/` (Vercel's route would write `//` here, which no browser reads as a path).
    const folder = clean?.[1] ?? '';
    if (clean !== null) return to(site.cleanUrls.line, folder === '' ? '/' : `/${folder}${slash}`);
  }
  const trailing = site.trailingSlash;
  if (trailing === undefined) return undefined;
  if (!trailing.value) {
    const found = ENDS_IN_SLASH.exec(path);
    return found === null ? undefined : to(trailing.line, `/${found[1]}`);
  }
  if (WELL_KNOWN.test(path)) return 'served';
  const bare = NO_DOT_LAST.exec(path);
  if (bare !== null) return to(trailing.line, `/${bare[1]}/`);
  const file = EXTENSION_SLASH.exec(path);
  return file === null ? undefined : to(trailing.line, `/${file[1]}`);
}

/** `rules` (the file's redirects) behind the settings' own redirects, which answer before any of them. */
export function withSiteRedirects(site: VercelSite, rules: CompiledRules): CompiledRules {
  if (site.cleanUrls === undefined && site.trailingSlash === undefined) return rules;
  const before = (url: URL, then: () => RuleMatch | undefined): RuleMatch | undefined => {
    const answer = siteAnswer(site, url);
    return answer === 'served' ? undefined : (answer ?? then());
  };
  return {
    ...rules,
    match: (url) => before(url, () => rules.match(url)),
    shadowing: (url, line) => before(url, () => rules.shadowing(url, line)),
  };
}
