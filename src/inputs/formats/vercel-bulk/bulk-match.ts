import type { CompiledRules, RuleMatch } from '../../patterns/rule-match.js';
import type { BulkRule } from './read.js';

/** A path as a request carries it (percent-encoded as the URL parser encodes it), to compare with a bulk source. */
function pathOf(source: string): string {
  return new URL(source, 'http://bulk.invalid').pathname;
}

/** The bulk rules by path: exact for the case-sensitive ones, lower-cased for the rest. */
function indexed(bulk: readonly BulkRule[]): { exact: Map<string, BulkRule[]>; folded: Map<string, BulkRule[]> } {
  const exact = new Map<string, BulkRule[]>();
  const folded = new Map<string, BulkRule[]>();
  for (const rule of bulk) {
    const path = pathOf(rule.source);
    const [map, key] = rule.caseSensitive ? [exact, path] : [folded, path.toLowerCase()];
    const list = map.get(key);
    if (list === undefined) map.set(key, [rule]);
    else list.push(rule);
  }
  return { exact, folded };
}

/** The answer of a bulk rule: its destination, the request's query kept only when the rule says `query`. */
function answer(rule: BulkRule, url: URL): RuleMatch {
  const keep = rule.query && url.search !== '' && !rule.destination.includes('?');
  return { line: rule.line, target: keep ? `${rule.destination}${url.search}` : rule.destination, status: rule.status };
}

/**
 * A vercel.json's matcher with its bulk redirects in front: Vercel "processes them before any other route specified in
 * your deployment" (https://vercel.com/docs/routing/redirects/bulk-redirects), each an exact path. Bulk rules are
 * numbered after the vercel.json's lines (src/inputs/rule-places.ts), in the order Vercel reads them, so that of two
 * bulk rules for one path the lower line answers; a vercel.json rule never shadows a bulk one.
 */
export function withBulkRedirects(bulk: readonly BulkRule[], rules: CompiledRules): CompiledRules {
  if (bulk.length === 0) return rules;
  const { exact, folded } = indexed(bulk);
  const bulkLines = new Set(bulk.map((rule) => rule.line));
  const candidates = (url: URL): BulkRule[] =>
    [...(exact.get(url.pathname) ?? []), ...(folded.get(url.pathname.toLowerCase()) ?? [])].sort(
      (a, b) => a.line - b.line,
    );
  return {
    ...rules,
    size: rules.size + bulk.length,
    match: (url) => {
      const first = candidates(url)[0];
      return first === undefined ? rules.match(url) : answer(first, url);
    },
    shadowing: (url, line) => {
      const found = candidates(url).filter((rule) => rule.line !== line);
      if (bulkLines.has(line)) {
        const earlier = found.find((rule) => rule.line < line);
        return earlier === undefined ? undefined : answer(earlier, url);
      }
      return found[0] === undefined ? rules.shadowing(url, line) : answer(found[0], url);
    },
  };
}
