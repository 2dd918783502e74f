/**
 * Reading robots rules (`noindex`, `nofollow`...) the way Google's "Robots meta tag, data-nosnippet, and
 * X-Robots-Tag specifications" describes them: comma-separated, case-insensitive, for every crawler or, after a
 * `name:` prefix, for one. A destination is judged for one crawler (the `crawler` option, `Googlebot` by default), so
 * only the rules for every crawler and those naming it apply.
 */

/** Rules whose own value follows a colon (`max-snippet: 20`): not a crawler's name. */
const VALUED_RULES: ReadonlySet<string> = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);

/** The crawler judged for when none is named (the `crawler` option's default). */
const DEFAULT_CRAWLER = 'Googlebot';

/** A `name: rest` token, where `name` may be a crawler's name. */
const PREFIXED = /^([a-z0-9_.-]+)\s*:\s*(.*)$/i;

/** A weekday written before a comma in an RFC 822 or RFC 850 date (`Wed, 03 Nov 2021`, `Wednesday, 03-Nov-21`). */
const WEEKDAY = /\bunavailable_after\s*:\s*[a-z]+$/i;

/**
 * A rule list split at its commas, lowercased and trimmed, but for the comma of a date: `unavailable_after` takes
 * RFC 822 and RFC 850 dates (Google's page), whose weekday is followed by one.
 */
function splitRules(list: string): string[] {
  const tokens: string[] = [];
  for (const part of list.split(',')) {
    const token = part.trim().toLowerCase();
    const previous = tokens.at(-1);
    if (previous !== undefined && WEEKDAY.test(previous)) tokens[tokens.length - 1] = `${previous}, ${token}`;
    else tokens.push(token);
  }
  return tokens;
}

/** The rules of one `X-Robots-Tag` header line that apply to `crawler`. */
function lineRules(line: string, crawler: string): string[] {
  const rules: string[] = [];
  // A line's rules are for every crawler until a `name:` prefix names one; that name holds until the next one.
  let named: string | undefined;
  for (const token of splitRules(line)) {
    let rule = token;
    const prefixed = PREFIXED.exec(rule);
    if (prefixed !== null && !VALUED_RULES.has(prefixed[1]!)) {
      named = prefixed[1]!;
      rule = prefixed[2]!.trim();
    }
    if (rule !== '' && (named === undefined || named === crawler)) rules.push(rule);
  }
  return rules;
}

/**
 * The rules of an `X-Robots-Tag` value that apply to `crawler`, lowercase. Each header line is read on its own, as
 * Google does: a `name:` prefix names the crawler of its own line only, so `otherbot: nofollow` on one line and
 * `noindex` on the next is a `noindex` for every crawler. Several lines arrive joined by newlines
 * (src/core/response-headers.ts), never by commas, which would carry a prefix over to the next line's rules.
 */
export function headerRobotsRules(value: string, crawler = DEFAULT_CRAWLER): string[] {
  const name = crawler.toLowerCase();
  return value.split('\n').flatMap((line) => lineRules(line, name));
}

/** The rules of a robots meta tag's `content`, lowercase (the tag's `name` says whom they are for). */
export function contentRobotsRules(content: string): string[] {
  return splitRules(content).filter((rule) => rule !== '');
}

/** The dates Google names for `unavailable_after` (RFC 822, RFC 850, ISO 8601): a stray number is no date. */
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}|\b\d{1,2}[ -][a-z]{3,9}[ -]\d{2,4}\b/i;

/** Whether an `unavailable_after: <date>` rule's date has passed at `now` (an unreadable date is ignored, as Google does). */
function expired(rule: string, now: number): boolean {
  const date = /^unavailable_after\s*:\s*(.+)$/.exec(rule)?.[1];
  if (date === undefined || !DATE_SHAPE.test(date)) return false;
  const at = Date.parse(date);
  return Number.isFinite(at) && at <= now;
}

/**
 * The rule that keeps a page out of search, if any: `noindex`; `none` (noindex and nofollow); or
 * `unavailable_after` with a date passed at `now` (epoch ms), after which Google stops showing the page.
 */
export function indexingBan(rules: readonly string[], now: number): string | undefined {
  return rules.find((rule) => rule === 'noindex' || rule === 'none' || expired(rule, now));
}

/** Whether robots rules keep a page out of the index at `now` (default: the present). */
export function forbidsIndexing(rules: readonly string[], now = Date.now()): boolean {
  return indexingBan(rules, now) !== undefined;
}

/** Whether a meta tag's `name` addresses `crawler`: `robots` (every crawler) or the crawler's own name. */
export function addressesCrawler(name: string, crawler = DEFAULT_CRAWLER): boolean {
  const lower = name.trim().toLowerCase();
  return lower === 'robots' || lower === crawler.toLowerCase();
}
