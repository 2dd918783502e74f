import type { InputItem } from '../../row.js';
import { REDIRECT_STATUSES, type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { literalOfRegex, usesCaptures } from '../../text/regex-literal.js';
import { readStatus } from '../../text/urls.js';
import { aliasMatches } from './alias-prefix.js';
import { allOf, chainedSection, IF_CHAIN, type IfCondition } from './if-chain.js';
import { ifRow } from './if-rows.js';
import type { ApacheDirective, ApacheLine } from './lines.js';
import { locationRow } from './location-rows.js';
import { rewriteArgs } from './rewrite-args.js';
import { conditionsHold, type RewriteCondition, readCondition, simpleConditionRegex } from './rewrite-conditions.js';
import { perDirectory } from './rule-context.js';
import { statusWord } from './status-word.js';

/** Sections whose rules apply to every request they enclose: read through. Any other section is a condition. */
const TRANSPARENT = new Set(['ifmodule', 'ifdefine', 'ifversion', 'ifdirective', 'iffile', 'virtualhost', 'directory']);

/** The mod_alias redirects read inside one `<Location>` (location-rows.ts); RedirectMatch there is a regex source. */
const LOCATION_REDIRECTS = new Set(['redirect', 'redirectpermanent', 'redirecttemp']);

/** RewriteCond test strings about the host only: without a site to check, the rule is taken to apply to it. */
const HOST_TESTS = new Set(['%{HTTP_HOST}', '%{SERVER_NAME}']);

/** What the reader carries from one directive to the next. */
interface ApacheState {
  /** Open sections, innermost last (lowercase names). */
  sections: string[];
  /** The argument of each open section, in the same order (a `<Location>`'s path). */
  sectionArgs: string[];
  /** The condition of each open `<If>`, `<ElseIf>` or `<Else>` (if-chain.ts), in the same order; none for others. */
  sectionTests: Array<{ test: IfCondition; chain?: IfCondition[] } | undefined>;
  /** The `<If>` chain last closed at each depth, which an `<ElseIf>` or `<Else>` continues. */
  chains: Map<number, IfCondition[]>;
  /** RewriteConds waiting for their RewriteRule. */
  conditions: RewriteCondition[];
  /** The context's RewriteBase and RewriteEngine: the last written applies to every rule of the context. */
  rewriteBase: string | undefined;
  rewriteOn: boolean;
}

type Outcome = InputItem | undefined;

/**
 * The one path a regex of RedirectMatch or RewriteRule matches, when it is one: anchored at both ends (`^/old$`),
 * since httpd searches (`\.php$` matches any path ending so, `^/old` /older too).
 */
function anchoredLiteral(pattern: string): string | undefined {
  return pattern.startsWith('^') && pattern.endsWith('$') && !pattern.endsWith('\\$')
    ? literalOfRegex(pattern)
    : undefined;
}

/** `Redirect`, `RedirectPermanent`, `RedirectTemp`, `RedirectMatch`: `[status] path-or-regex [URL]`. */
function aliasRedirect(directive: ApacheDirective, fixed: number | undefined, options: RuleReadOptions): Outcome {
  const { line, text } = directive;
  const args = [...directive.args];
  const named = fixed === undefined && args.length > 0 ? statusWord(args[0]!) : undefined;
  if (named !== undefined) args.shift();
  const status = fixed ?? named ?? 302;
  const [pattern, target, ...extra] = args;
  const needsTarget = REDIRECT_STATUSES.has(status);
  if (pattern === undefined || extra.length > 0 || (target === undefined) === needsTarget) {
    const shape = needsTarget ? 'a path and a target URL' : 'a path and no target';
    return { kind: 'invalid', line, message: `${directive.name} with status ${status} takes ${shape}` };
  }
  const isMatch = directive.name.toLowerCase() === 'redirectmatch';
  const path = isMatch ? anchoredLiteral(pattern) : pattern;
  if (path === undefined) return { kind: 'skipped', line, text, reason: 'regular expression in the source' };
  if (!path.startsWith('/'))
    return { kind: 'invalid', line, message: `the source must be a path: ${JSON.stringify(path)}` };
  if (target !== undefined && isMatch && usesCaptures(target)) {
    return { kind: 'skipped', line, text, reason: 'captures in the target' };
  }
  return ruleRow(
    target === undefined ? { line, from: path, status } : { line, from: path, to: target, status },
    options,
  );
}

/** The status a RewriteRule's flags give: `R` (302), `R=301`, `F` (403), `G` (410); undefined for a plain rewrite. */
function rewriteStatus(flags: string | undefined): number | undefined | { error: string } {
  const list = (flags ?? '').replace(/^\[|\]$/g, '').split(',');
  for (const flag of list.map((item) => item.trim())) {
    const [name = '', value] = flag.split('=');
    const key = name.toLowerCase();
    if (key === 'f' || key === 'forbidden') return 403;
    if (key === 'g' || key === 'gone') return 410;
    if (key !== 'r' && key !== 'redirect') continue;
    if (value === undefined) return 302;
    // A status outside 3xx is allowed: the substitution is dropped and the status answered at the source.
    const status = statusWord(value);
    const read = readStatus(status === undefined ? value : String(status));
    return read.ok ? read.status : { error: read.message };
  }
  return undefined;
}

/** Why a RewriteRule's conditions keep it from being a row for `from`, or undefined when they hold. */
function conditionsReason(
  conditions: readonly RewriteCondition[],
  from: string,
  options: RuleReadOptions,
): string | undefined {
  if (conditions.length === 0) return undefined;
  if (options.baseUrl === undefined) {
    const other = conditions.filter((condition) => !HOST_TESTS.has(condition.test)).map((condition) => condition.test);
    return other.length > 0 ? `depends on RewriteCond ${other.join(', ')}` : undefined;
  }
  // With the site known, the conditions are evaluated for it (its host, scheme, path), as httpd would.
  const url = new URL(from, options.baseUrl);
  const held = conditionsHold(conditions, url, [], simpleConditionRegex);
  if ('unknown' in held) return `depends on ${held.unknown}`;
  return held.holds ? undefined : `its RewriteCond does not hold for ${url.href}`;
}

/**
 * A RewriteRule with a literal pattern: in per-directory context the pattern sees the path without its leading
 * slash (one written `^/old$` never matches), in a virtual host the whole path (`^old$` never matches).
 */
function rewriteSource(pattern: string, sections: readonly string[]): string | { reason: string } | undefined {
  const literal = pattern.startsWith('!') ? undefined : anchoredLiteral(pattern);
  if (literal === undefined) return undefined;
  const local = perDirectory(sections);
  if (local && literal.startsWith('/'))
    return { reason: 'never matches: in .htaccess the pattern sees the path without its leading slash' };
  if (!local && !literal.startsWith('/'))
    return { reason: 'never matches: in a virtual host the pattern sees the path with its leading slash' };
  return local ? `/${literal}` : literal;
}

/** A RewriteRule; its RewriteConds are evaluated for the site when it is known. */
function rewriteRule(directive: ApacheDirective, state: ApacheState, options: RuleReadOptions): Outcome {
  const { line, text } = directive;
  const conditions = state.conditions;
  state.conditions = [];
  const [pattern, substitution, flags, ...extra] = directive.args;
  if (pattern === undefined || substitution === undefined || extra.length > 0) {
    return { kind: 'invalid', line, message: 'RewriteRule takes a pattern, a substitution and [flags]' };
  }
  const status = rewriteStatus(flags);
  if (typeof status === 'object') return { kind: 'invalid', line, message: status.error };
  if (status === undefined) return { kind: 'skipped', line, text, reason: 'internal rewrite (no [R] flag)' };
  if (!state.rewriteOn) return { kind: 'skipped', line, text, reason: 'RewriteEngine is off' };
  const from = rewriteSource(pattern, state.sections);
  if (from === undefined) return { kind: 'skipped', line, text, reason: 'regular expression in the source' };
  if (typeof from === 'object') return { kind: 'skipped', line, text, reason: from.reason };
  const reason = conditionsReason(conditions, from, options);
  if (reason !== undefined) return { kind: 'skipped', line, text, reason };
  if (!REDIRECT_STATUSES.has(status)) return ruleRow({ line, from, status }, options);
  if (substitution === '-') return { kind: 'invalid', line, message: 'a redirect needs a substitution, not -' };
  if (usesCaptures(substitution)) return { kind: 'skipped', line, text, reason: 'captures or variables in the target' };
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(substitution) || substitution.startsWith('/');
  if (!absolute && state.rewriteBase === undefined)
    return {
      kind: 'skipped',
      line,
      text,
      reason: "relative substitution without RewriteBase: httpd puts the directory's path on disk in front",
    };
  const to = absolute ? substitution : `${state.rewriteBase!.replace(/\/?$/, '/')}${substitution}`;
  return ruleRow({ line, from, to, status }, options);
}

/** Opens or closes a section: its name, argument and, for an `<If>` chain, its condition. */
function section(directive: ApacheDirective, name: string, state: ApacheState): void {
  if (name.startsWith('</')) {
    state.sections.pop();
    state.sectionArgs.pop();
    const chain = state.sectionTests.pop()?.chain;
    if (chain !== undefined) state.chains.set(state.sections.length, chain);
    return;
  }
  const opened = name.slice(1);
  const before = state.chains.get(state.sections.length) ?? [];
  const expression = directive.args.join(' ');
  const made = IF_CHAIN.has(opened) ? chainedSection(opened, expression, before, simpleConditionRegex) : undefined;
  state.sections.push(opened);
  state.sectionArgs.push(directive.args[0] ?? '');
  state.sectionTests.push(made === undefined || opened === 'else' ? made && { test: made.test } : made);
}

/** A mod_alias directive's item, or undefined when it is no mod_alias redirect. */
function aliasItem(directive: ApacheDirective, name: string, options: RuleReadOptions): Outcome {
  if (name === 'redirect' || name === 'redirectmatch') return aliasRedirect(directive, undefined, options);
  if (name === 'redirectpermanent') return aliasRedirect(directive, 301, options);
  if (name === 'redirecttemp') return aliasRedirect(directive, 302, options);
  return undefined;
}

/**
 * A redirect inside sections that are not read through: one `<Location>` (location-rows.ts), `<If>` chains
 * (if-rows.ts); undefined when it is in none; any other is skipped, conditional.
 */
function sectioned(directive: ApacheDirective, name: string, state: ApacheState, options: RuleReadOptions): Outcome {
  const outer = state.sections.flatMap((each, index) =>
    TRANSPARENT.has(each) ? [] : [{ section: each, arg: state.sectionArgs[index]!, if: state.sectionTests[index] }],
  );
  const inside = outer[0]?.section;
  if (inside === undefined) return undefined;
  const alias = aliasItem(directive, name, options);
  if (outer.length === 1 && inside === 'location' && LOCATION_REDIRECTS.has(name))
    return locationRow(directive, outer[0]!.arg, options);
  if (outer.length === 1 && inside === 'location' && alias !== undefined)
    return underLocation(alias, directive.text, outer[0]!.arg);
  if (alias !== undefined && outer.every((each) => each.if !== undefined)) {
    const test = allOf(outer.map((each) => each.if!.test));
    const expressions = outer.map((each) => (each.section === 'else' ? '(else)' : each.arg));
    return ifRow(alias, directive.text, test, expressions, options);
  }
  state.conditions = [];
  if (
    name === 'rewriterule' &&
    outer.length === 1 &&
    IF_CHAIN.has(inside) &&
    rewriteSource(directive.args[0] ?? '', ['directory']) !== undefined
  )
    return {
      kind: 'skipped',
      line: directive.line,
      text: directive.text,
      reason: 'never matches: inside <If> the pattern sees the path on disk',
    };
  if (alias !== undefined || name === 'rewriterule')
    return { kind: 'skipped', line: directive.line, text: directive.text, reason: `inside <${inside}>` };
  return undefined;
}

/** A RedirectMatch inside one `<Location>`: its row when its source is under the section's path. */
function underLocation(item: InputItem, text: string, location: string): InputItem {
  if (item.kind !== 'row') return item;
  const path = new URL(item.row.source).pathname;
  const { line } = item.row;
  if (!location.startsWith('/') || /[*?[]/.test(location))
    return { kind: 'skipped', line, text, reason: `inside <Location ${location}>: not one path` };
  return aliasMatches(path, location) === undefined
    ? { kind: 'skipped', line, text, reason: `inside <Location ${location}>: ${path} is not under it` }
    : item;
}

/** Follows sections and mod_rewrite's settings; returns the item of a redirect directive, if this is one. */
function interpret(directive: ApacheDirective, state: ApacheState, options: RuleReadOptions): Outcome {
  const name = directive.name.toLowerCase();
  if (name.startsWith('<')) {
    section(directive, name, state);
    return undefined;
  }
  const inSection = sectioned(directive, name, state, options);
  if (inSection !== undefined) return inSection;
  switch (name) {
    case 'rewritecond':
      state.conditions.push(readCondition(rewriteArgs(directive.text)));
      return undefined;
    case 'rewriterule':
      return rewriteRule(directive, state, options);
    default:
      return aliasItem(directive, name, options);
  }
}

/**
 * The redirects of a parsed Apache `.htaccess` or conf file (lines.ts): mod_alias's `Redirect` (default 302),
 * `RedirectPermanent`, `RedirectTemp` and `RedirectMatch` (a row when its regex is a literal path), and mod_rewrite's
 * `RewriteRule` with `[R]`/`[R=3xx]` (or `[G]`, `[F]`). Regex sources, captures in targets, rewrites without `R`,
 * rules behind a RewriteCond that does not hold or that only the server can decide, and rules inside `<If>`,
 * `<Files>`... are skipped and counted; a `Redirect` inside one `<Location>` is read (location-rows.ts). The RewriteRule items come first, in httpd's order.
 */
export function apacheItems(directives: readonly ApacheLine[], options: RuleReadOptions): InputItem[] {
  const state: ApacheState = {
    sections: [],
    sectionArgs: [],
    sectionTests: [],
    chains: new Map(),
    conditions: [],
    rewriteBase: undefined,
    rewriteOn: false,
  };
  for (const directive of directives) {
    if ('kind' in directive) continue;
    const name = directive.name.toLowerCase();
    if (name === 'rewriteengine') state.rewriteOn = directive.args[0]?.toLowerCase() === 'on';
    if (name === 'rewritebase') state.rewriteBase = directive.args[0];
  }
  const lists = {
    rewrites: [] as InputItem[],
    early: [] as InputItem[],
    others: [] as InputItem[],
    late: [] as InputItem[],
  };
  for (const directive of directives) {
    const item = 'kind' in directive ? directive : interpret(directive, state, options);
    if (item === undefined) continue;
    // mod_rewrite answers before mod_alias whatever the order written: its rows come first, so that the first rule
    // for a source is the one httpd applies. An `<If>`'s Redirects come before the file's in a `.htaccess`, after a
    // virtual host's own (section-redirects.ts).
    const rewrite = !('kind' in directive) && directive.name.toLowerCase() === 'rewriterule';
    const inIf = state.sections.some((each) => IF_CHAIN.has(each));
    const list = rewrite ? 'rewrites' : !inIf ? 'others' : perDirectory(state.sections) ? 'early' : 'late';
    lists[list].push(item);
  }
  return [...lists.rewrites, ...lists.early, ...lists.others, ...lists.late];
}
