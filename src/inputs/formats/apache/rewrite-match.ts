import { decodedPath, type RuleMatch } from '../../patterns/rule-match.js';
import { type ServerRegex, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { REDIRECT_STATUSES } from '../../rule-row.js';
import { type DiskMatch, diskMatch } from './disk-pattern.js';
import { conditionsHold, expand, type RewriteCondition } from './rewrite-conditions.js';
import { redirectTarget } from './rewrite-target.js';
import { statusWord } from './status-word.js';

/**
 * One RewriteRule for matching sample URLs, as mod_rewrite applies it (https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriterule,
 * https://httpd.apache.org/docs/2.4/rewrite/tech.html): the pattern first (against the path without its leading
 * slash in a `.htaccess` or `<Directory>`, the whole path in a virtual host), then its conditions, then the
 * substitution. A rule that answers is a redirect (`[R]`), a status (`[G]`, `[F]`), or `pass` (`-` with `[L]`: the
 * rules stop, mod_alias may still answer); one that rewrites internally or that only the server can decide is a
 * problem, so that no later rule is predicted with confidence for that URL.
 */
export type RewriteAnswer = RuleMatch | 'pass';

/** A compiled RewriteRule: its answer for a URL, or undefined when it does not apply. */
export type RewriteMatcher = (url: URL) => RewriteAnswer | undefined;

/** Where a rule stands: the conditions before it, the RewriteBase, and whether it is in per-directory context. */
export interface RewriteContext {
  skipped: SkipLog;
  conditions: readonly RewriteCondition[];
  /** RewriteBase, when set. */
  base: string | undefined;
  perDirectory: boolean;
  /** In an `<If>` section: the pattern sees the file's path on disk (disk-pattern.ts). */
  onDisk?: boolean;
}

/** The flags of a RewriteRule, lowercased, with their values. */
function flagsOf(text: string | undefined): Map<string, string> {
  const flags = new Map<string, string>();
  for (const flag of (text ?? '').replace(/^\[|\]$/g, '').split(',')) {
    const [name = '', value = ''] = flag.trim().split('=');
    if (name !== '') flags.set(name.toLowerCase(), value);
  }
  return flags;
}

/**
 * The status a rule answers with, undefined for none (a rewrite), or the problem of a status that is not one. `[R=`
 * a code outside 300-399`]` answers that code, the substitution dropped, and stops as `[L]` does
 * (https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_r).
 */
function ruleStatus(flags: Map<string, string>): number | undefined | string {
  if (flags.has('g') || flags.has('gone')) return 410;
  if (flags.has('f') || flags.has('forbidden')) return 403;
  const redirect = flags.get('r') ?? flags.get('redirect');
  if (redirect === undefined) return undefined;
  const status = redirect === '' ? 302 : (statusWord(redirect) ?? Number.NaN);
  if (REDIRECT_STATUSES.has(status) || (status >= 400 && status < 600)) return status;
  return `RewriteRule [R=${redirect}] is not a redirect status`;
}

/**
 * A back-reference as `[B]` escapes it (https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_b): every byte but
 * a letter, a digit and `_` as `%xx` (lowercase, as httpd writes it), a space as `+` unless `[BNP]`; `[B=chars]`
 * escapes only those characters.
 */
export function escapeBackref(text: string, flags: Map<string, string>): string {
  const only = flags.get('b') ?? '';
  const plus = !flags.has('bnp') && !flags.has('backrefnoplus');
  let escaped = '';
  for (const character of text) {
    const kept = only === '' ? /[A-Za-z0-9_]/.test(character) : !only.includes(character);
    if (kept) escaped += character;
    else if (character === ' ' && plus) escaped += '+';
    else for (const byte of new TextEncoder().encode(character)) escaped += `%${byte.toString(16).padStart(2, '0')}`;
  }
  return escaped;
}

/** The path a rule's pattern is matched against. */
function subject(url: URL, perDirectory: boolean): string {
  const path = decodedPath(url);
  return perDirectory ? path.replace(/^\//, '') : path;
}

/** A pattern's groups, or undefined when it does not match (a `!pattern` matches when the regex does not). */
function groupsOf(regex: ServerRegex, negated: boolean, text: string): string[] | undefined {
  const found = regex.exec(text);
  if (negated) return found === null ? [] : undefined;
  return found === null ? undefined : [...found].map((group) => group ?? '');
}

interface RuleParts {
  line: number;
  substitution: string;
  flags: Map<string, string>;
  status: number | undefined;
  context: RewriteContext;
}

/** What a rule whose pattern and conditions hold answers. */
function answer(url: URL, groups: string[], condGroups: string[], parts: RuleParts): RewriteAnswer {
  const { line, substitution, flags, status, context } = parts;
  if (status !== undefined && !REDIRECT_STATUSES.has(status)) return { line, status };
  const last = flags.has('l') || flags.has('last') || flags.has('end');
  if (substitution === '-') return status === undefined && last ? 'pass' : { line, problem: 'RewriteRule - [R]' };
  // A RewriteMap lookup (`${map:key}`) is the server's: its map is a file or program hoplens does not read.
  const map = /\$\{[^}]*\}/.exec(substitution)?.[0];
  if (map !== undefined) return { line, problem: `the substitution looks up the RewriteMap ${map}` };
  const escaping = flags.has('b');
  const escaped = (found: string[]) => (escaping ? found.map((group) => escapeBackref(group, flags)) : found);
  const filled = expand(substitution, url, escaped(groups), escaped(condGroups));
  if (typeof filled !== 'string') return { line, problem: `the substitution uses ${filled.unknown}` };
  if (status === undefined)
    return { line, problem: `rewrites internally to ${filled}: what answers then is only known to the server` };
  // httpd 2.4.60 and later refuse (403) a `?` that a decoded %3F brings into the substitution's path, where it would
  // start the query (CVE-2024-38474); one after the substitution's own `?` is escaped. 2.4.63 tracks it so.
  const path = substitution.split('?')[0]!;
  const unsafe = !escaping && [...path.matchAll(/\$(\d)/g)].some((used) => groups[Number(used[1])]?.includes('?'));
  if (unsafe && !flags.has('unsafeallow3f')) return { line, status: 403 };
  let target = filled;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(target) && !target.startsWith('/')) {
    if (context.onDisk)
      return { line, problem: `relative substitution ${filled} inside <If>: httpd puts the section's name in front` };
    if (context.base === undefined || !context.perDirectory)
      return {
        line,
        problem: `relative substitution ${filled} without RewriteBase: httpd puts the directory's path on disk in front`,
      };
    target = `${context.base.replace(/\/?$/, '/')}${target}`;
  }
  const noEscape = flags.has('ne') || flags.has('noescape');
  const append = flags.has('qsa') || flags.has('qsappend');
  const discard = flags.has('qsd') || flags.has('qsdiscard');
  const location = redirectTarget(target, url, { append, discard, noEscape });
  // httpd 2.4.60 and later refuse (403) a rewritten query string holding a space or a control character, which an
  // unescaped ([NE]) back-reference brings in; such a path is sent as it is.
  const query = location.split('?').slice(1).join('?');
  if ([...query].some((character) => character <= ' ' || character === '\x7f')) return { line, status: 403 };
  // httpd makes a path absolute on the request's own site: `//x` stays a path.
  return { line, target: location.startsWith('//') ? `${url.origin}${location}` : location, status };
}

/**
 * The matcher of a `RewriteRule pattern substitution [flags]` in its context, a problem when it cannot be read, or
 * undefined when it never answers (`-` without `[L]`).
 */
export function rewriteMatcher(
  args: readonly string[],
  line: number,
  context: RewriteContext,
): RewriteMatcher | string | undefined {
  const [written = '', substitution = '', flagText] = args;
  const flags = flagsOf(flagText);
  const status = ruleStatus(flags);
  if (typeof status === 'string') return status;
  const last = flags.has('l') || flags.has('last') || flags.has('end');
  if (status === undefined && substitution === '-' && !last) return undefined;
  const negated = written.startsWith('!');
  const pattern = negated ? written.slice(1) : written;
  const regex = serverRegex(pattern, flags.has('nc') || flags.has('nocase'), { log: context.skipped, line });
  if (regex === undefined) return `not a valid regular expression: ${pattern}`;
  const parts: RuleParts = { line, substitution, flags, status, context };
  if (context.onDisk) return diskMatcher(diskMatch(pattern, negated), parts);
  return (url) => {
    const groups = groupsOf(regex, negated, subject(url, context.perDirectory));
    if (groups === undefined) return undefined;
    const held = conditionsHold(context.conditions, url, groups, (source, caseless) =>
      serverRegex(source, caseless, { log: context.skipped, line }),
    );
    if ('unknown' in held) return { line, problem: `depends on ${held.unknown}, which only the server knows` };
    return held.holds ? answer(url, groups, held.groups, parts) : undefined;
  };
}

/**
 * A rule inside an `<If>`, whose pattern sees the path on disk (disk-pattern.ts): one that never matches passes,
 * one that always does answers when its conditions hold (unless it uses the groups, which hold the DocumentRoot), and
 * any other is the server's wherever its conditions do not rule it out.
 */
function diskMatcher(found: DiskMatch, parts: RuleParts): RewriteMatcher {
  const { line, substitution, context } = parts;
  if (found === 'never') return () => undefined;
  const groupsIn = (text: string) => /\$\d/.test(text);
  // A condition on the rule's groups cannot be evaluated: they hold the DocumentRoot.
  const groupless = !context.conditions.some((condition) => groupsIn(condition.test));
  const problem = 'the pattern sees the path on disk, after a DocumentRoot only the server knows';
  return (url) => {
    const held = groupless
      ? conditionsHold(context.conditions, url, [], (source, caseless) =>
          serverRegex(source, caseless, { log: context.skipped, line }),
        )
      : undefined;
    if (held !== undefined && 'holds' in held && !held.holds) return undefined;
    if (found === 'unknown' || held === undefined) return { line, problem };
    if ('unknown' in held) return { line, problem: `depends on ${held.unknown}, which only the server knows` };
    if (groupsIn(substitution)) return { line, problem };
    return answer(url, [], held.groups, parts);
  };
}
