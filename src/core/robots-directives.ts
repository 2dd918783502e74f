/**
 * Reading robots rules (`noindex`, `nofollow`...) the way Google's "Robots meta tag, data-nosnippet, and
 * X-Robots-Tag specifications" describes them: comma-separated, case-insensitive, for every crawler or, after a
 * `name:` prefix, for one. hoplens judges a destination as Googlebot would, so only the rules for all crawlers and
 * those for `googlebot` apply.
 */

/** Rules whose own value follows a colon (`max-snippet: 20`): not a crawler's name. */
const VALUED_RULES: ReadonlySet<string> = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);

/** The crawler whose rules apply besides the ones for all crawlers. */
const CRAWLER = 'googlebot';

/** A `name: rest` token, where `name` may be a crawler's name. */
const PREFIXED = /^([a-z0-9_.-]+)\s*:\s*(.*)$/i;

/**
 * The rules of an `X-Robots-Tag` value that apply to Googlebot, lowercase. Several headers arrive joined by ", "
 * (src/core/response-headers.ts), so a rule after a `name:` group belongs to that group until the next name, as in
 * one header's comma list.
 */
export function headerRobotsRules(value: string): string[] {
  const rules: string[] = [];
  let crawler: string | undefined;
  for (const token of value.split(',')) {
    let rule = token.trim();
    const prefixed = PREFIXED.exec(rule);
    if (prefixed !== null && !VALUED_RULES.has(prefixed[1]!.toLowerCase())) {
      crawler = prefixed[1]!.toLowerCase();
      rule = prefixed[2]!.trim();
    }
    if (rule !== '' && (crawler === undefined || crawler === CRAWLER)) rules.push(rule.toLowerCase());
  }
  return rules;
}

/** The rules of a robots meta tag's `content`, lowercase. */
export function contentRobotsRules(content: string): string[] {
  return content
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter((rule) => rule !== '');
}

/** Whether robots rules keep a page out of the index: `noindex`, or `none` (noindex and nofollow). */
export function forbidsIndexing(rules: readonly string[]): boolean {
  return rules.some((rule) => rule === 'noindex' || rule === 'none');
}

/** Whether a meta tag's `name` addresses Googlebot: `robots` (every crawler) or `googlebot`. */
export function addressesGooglebot(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return lower === 'robots' || lower === CRAWLER;
}
