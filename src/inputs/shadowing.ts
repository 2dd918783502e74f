import type { CompiledRules } from './patterns/rule-match.js';
import type { CheckRow, InputItem } from './row.js';
import { placeName, type RulePlaces } from './rule-places.js';

/** The rule that answers a literal rule's own source instead of it, for a message. */
export interface PatternShadow {
  /** The shadowing rule's line. */
  line: number;
  /** What it answers the source with (`/news/old`, `status 200`); absent when only the server can compute it. */
  answer?: string;
}

/**
 * The rule of the compiled file (src/inputs/patterns/) that answers `row`'s source before `row`'s own rule does: a
 * pattern (`/blog/*`) written earlier for first-match formats, whatever nginx's precedence picks for nginx. A source
 * with a query string is left to the literal check: a path-only rule matches it on some hosts and not others.
 */
export function patternShadow(
  rules: CompiledRules,
  row: CheckRow,
  display: (url: string) => string = (url) => url,
): PatternShadow | undefined {
  const url = URL.canParse(row.source) ? new URL(row.source) : undefined;
  if (url === undefined || url.search !== '') return undefined;
  const found = rules.shadowing(url, row.line);
  if (found === undefined) return undefined;
  if ('problem' in found) return { line: found.line };
  if (found.target === undefined) return { line: found.line, answer: `status ${found.status}` };
  return { line: found.line, answer: display(new URL(found.target, url).href) };
}

/** The skip reason of a shadowed rule: `shadowed by line 1`, with what that line answers when known. */
export function shadowedReason(shadow: PatternShadow, places?: RulePlaces): string {
  return `shadowed by ${placeName(places, shadow.line)}${shadow.answer === undefined ? '' : ` (→ ${shadow.answer})`}`;
}

/** What {@link skipShadowed} compares rows with. */
export interface ShadowingOptions {
  /** Whether the first rule for a source wins, so that a later rule for the same source is dead (not nginx). */
  ordered: boolean;
  /** The whole file compiled by its format's matcher: a literal rule an earlier pattern answers is dead too. */
  rules?: CompiledRules;
  /** Where each line is when the rules span several files (a vercel.json's bulk redirect files). */
  places?: RulePlaces;
}

/**
 * Passes the items on, turning a row whose source an earlier row already checks into a skipped item: the first rule
 * for a URL is the one that answers it (first match wins), so a later one is dead and checking it would only
 * report the earlier rule's behaviour against the wrong expectation. With the compiled rules, a row that a pattern
 * rule answers first (`/blog/*` before `/blog/old`; for nginx, whatever its precedence picks) is skipped the same way.
 */
export async function* skipShadowed(
  items: AsyncIterable<InputItem>,
  options: ShadowingOptions = { ordered: true },
): AsyncGenerator<InputItem> {
  const first = new Map<string, number>();
  for await (const item of items) {
    if (item.kind === 'row') {
      const earlier = options.ordered ? first.get(item.row.source) : undefined;
      const shadow =
        earlier !== undefined
          ? { line: earlier }
          : options.rules === undefined
            ? undefined
            : patternShadow(options.rules, item.row, (url) => shownOn(url, item.row.source));
      if (shadow !== undefined) {
        yield {
          kind: 'skipped',
          line: item.row.line,
          text: item.row.source,
          reason: shadowedReason(shadow, options.places),
          ...(item.row.place === undefined ? {} : { place: item.row.place }),
        };
        continue;
      }
      if (options.ordered) first.set(item.row.source, item.row.line);
    }
    yield item;
  }
}

/** A URL as a path when it is on the origin of `source`. */
function shownOn(url: string, source: string): string {
  const parsed = new URL(url);
  return parsed.origin === new URL(source).origin ? parsed.pathname + parsed.search + parsed.hash : url;
}
