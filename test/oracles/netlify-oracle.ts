/**
 * Netlify as the oracle: `@netlify/redirect-parser` reads the `_redirects` file (what it keeps, in its order, and what
 * it refuses: the parser Netlify's build and CLI run), and `netlify-redirector` (Netlify's own matcher, compiled to
 * WebAssembly) answers each request from the rules the parser kept, written back one per line in `_redirects`
 * syntax, as the redirector's plain-text parser takes them. A query string is passed on to a redirect's target
 * unless the rule matches on query parameters (docs.netlify.com/routing/redirects/redirect-options/#query-parameters:
 * "query string parameters are forwarded" to the target; a rule with query matches decides the target's query).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector from 'netlify-redirector';

/** One rule as the parser keeps it. */
export interface KeptRule {
  from: string;
  to?: string;
  status?: number | string;
  force?: boolean;
  query?: Record<string, string | undefined>;
  conditions?: Record<string, string | string[] | undefined>;
}

/** The rule that answers (its index among the kept rules) with its target and status, or none. */
export type NetlifyAnswer =
  | { rule: number; from: string; to: string; status: number }
  | { rule: number; from: string; conditional: true }
  | null;

export interface NetlifyOracle {
  kept: KeptRule[];
  errors: string[];
  answer(url: URL): NetlifyAnswer;
}

const pairs = (record: Record<string, string | string[] | undefined> | undefined) =>
  Object.entries(record ?? {}).flatMap(([key, value]) =>
    value === undefined ? [] : [`${key}=${Array.isArray(value) ? value.join(',') : value}`],
  );

/** A kept rule written back as one `_redirects` line (its conditions left out when asked). */
function lineOf(rule: KeptRule, conditions = true): string {
  const status = rule.status === undefined ? '' : `${rule.status}${rule.force ? '!' : ''}`;
  return [rule.from, ...pairs(rule.query), rule.to ?? '', status, ...(conditions ? pairs(rule.conditions) : [])]
    .filter((part) => part !== '')
    .join(' ');
}

interface Found {
  from: string;
  to: string;
  status: number;
  conditions: Record<string, string>;
}

type Matcher = { match(request: object): Found | null };

function requestOf(url: URL) {
  return {
    scheme: url.protocol.slice(0, -1),
    host: url.host,
    path: url.pathname,
    query: url.search.slice(1),
    getHeader: () => '',
    getCookie: () => '',
  };
}

/**
 * For each rule with conditions, the matcher of the rules up to it, conditions left out: it answers null where an
 * earlier `*` rule stops the matching (netlify-redirector serves a path under such a rule's own target as it is), so
 * that no visitor gets the conditional rule there.
 */
async function prefixMatchers(kept: readonly KeptRule[]): Promise<Array<Matcher | null>> {
  const lines = kept.map((rule) => lineOf(rule, false));
  return (await Promise.all(
    kept.map((rule, index) =>
      pairs(rule.conditions).length === 0 ? null : redirector.parsePlain(lines.slice(0, index + 1).join('\n'), {}),
    ),
  )) as Array<Matcher | null>;
}

/**
 * The whole file's matcher answers; each rule alone, its conditions left out, tells which rule that is, and whether a
 * rule with conditions (`Country=`, `Role=`) comes first: it answers some visitors only, so neither the oracle (asked
 * without a country) nor hoplens may say what happens.
 */
export async function netlifyOracle(
  text: string,
  name: '_redirects' | 'netlify.toml' = '_redirects',
): Promise<NetlifyOracle> {
  const dir = await mkdtemp(join(tmpdir(), 'hoplens-netlify-'));
  try {
    const file = join(dir, name);
    await writeFile(file, text);
    const parsed = await parseAllRedirects(
      name === 'netlify.toml'
        ? { redirectsFiles: [], netlifyConfigPath: file, configRedirects: [], minimal: false }
        : { redirectsFiles: [file], configRedirects: [], minimal: false },
    );
    const kept = parsed.redirects as KeptRule[];
    const whole = (await redirector.parsePlain(kept.map((rule) => lineOf(rule)).join('\n'), {})) as Matcher;
    const each = (await Promise.all(kept.map((rule) => redirector.parsePlain(lineOf(rule, false), {})))) as Matcher[];
    const upTo = await prefixMatchers(kept);
    const errors = parsed.errors.map((error: Error) => error.message);
    return {
      kept,
      errors,
      answer(url) {
        const request = requestOf(url);
        const rule = each.findIndex((matcher) => matcher.match(request) !== null);
        if (rule === -1) return null;
        const { from, conditions, query } = kept[rule]!;
        if (pairs(conditions).length > 0) {
          return upTo[rule]?.match(request) === null ? null : { rule, from, conditional: true };
        }
        const found = whole.match(request);
        if (found === null) return null;
        const matchesQuery = pairs(query).length > 0;
        const to = matchesQuery || url.search === '' || found.to.includes('?') ? found.to : `${found.to}${url.search}`;
        return { rule, from, to, status: found.status };
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
