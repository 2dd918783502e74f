import { orderedRules } from '../../patterns/ordered-rules.js';
import { type CompiledRules, decodedPath, type RuleMatch, type RuleProblem } from '../../patterns/rule-match.js';
import { newSkipLog, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { type ApacheMatcher, aliasMatcher, literalOfRegex } from './alias-match.js';
import { chainedSection, IF_CHAIN, type IfCondition } from './if-chain.js';
import { guardIfRewrites, type PlacedRewrite } from './if-rewrites.js';
import type { ApacheDirective, ApacheLine } from './lines.js';
import { rewriteArgs } from './rewrite-args.js';
import { type RewriteCondition, readCondition } from './rewrite-conditions.js';
import { type RewriteAnswer, type RewriteMatcher, rewriteMatcher } from './rewrite-match.js';
import { perDirectory, TRANSPARENT } from './rule-context.js';
import { lastFirst, type OpenSection, type OrderedRedirect, sectionRedirect } from './section-redirects.js';

const ALIAS = new Set(['redirect', 'redirectpermanent', 'redirecttemp', 'redirectmatch']);

/** The keys of a URL for mod_alias: its decoded path exactly, and each prefix of it (slashes collapsed) up to a `/`. */
function keysOf(url: URL): string[] {
  const exact = decodedPath(url);
  const path = exact.replace(/\/+/g, '/');
  const keys = [`=${exact}`, `<${path}`];
  for (let index = path.indexOf('/'); index !== -1; index = path.indexOf('/', index + 1)) {
    keys.push(`<${path.slice(0, index)}`, `<${path.slice(0, index + 1)}`);
  }
  return keys;
}

/** A rule inside `<If>`, `<Files>`, `<Location>`...: where it would answer, only the server knows whether it does. */
function conditional<T extends RewriteMatcher | ApacheMatcher>(match: T, line: number, section: string): T {
  const wrapped = (url: URL) => (match(url) === undefined ? undefined : { line, problem: `inside <${section}>` });
  return Object.assign(wrapped, { key: (match as ApacheMatcher).key }) as T;
}

/** The settings mod_rewrite takes from its context as a whole: the last RewriteEngine and RewriteBase written. */
function rewriteSettings(directives: readonly ApacheLine[]): { on: boolean; base: string | undefined } {
  let on = false;
  let base: string | undefined;
  for (const directive of directives) {
    if ('kind' in directive) continue;
    const name = directive.name.toLowerCase();
    if (name === 'rewriteengine') on = directive.args[0]?.toLowerCase() === 'on';
    if (name === 'rewritebase') base = directive.args[0];
  }
  return { on, base };
}

/** The rules of a file, in the two groups httpd applies one after the other. */
interface Groups {
  rewrites: PlacedRewrite[];
  /**
   * The rewrite rules that match one path only (a literal pattern, no condition, no `[NC]`), by that path: the
   * earliest for each, looked up rather than tried, so that a file of many such rules costs one lookup per URL.
   */
  exact: Map<string, { line: number; match: RewriteMatcher }>;
  /** The other rewrite rules, tried in order. */
  tried: Array<{ line: number; match: RewriteMatcher }>;
  aliases: Array<{ line: number; key?: string; match: ApacheMatcher }>;
  /**
   * The rewrite rules of a virtual host's `<If>` sections: per-directory rules, tried in the fixups, after the virtual
   * host's own rules and Redirects (if-rewrites.ts).
   */
  fixup: PlacedRewrite[];
  /** The per-directory rewrite rules, which an `<If>` of rules that holds replaces (if-rewrites.ts). */
  perDir: PlacedRewrite[];
  /** Redirects of `<Location>` and `<If>` sections tried before the others, and after them (section-redirects.ts). */
  before: OrderedRedirect[];
  after: OrderedRedirect[];
  problems: RuleProblem[];
  skipped: SkipLog;
  /** The tests of the `<If>` sections holding rewrite rules (if-rewrites.ts), and their index by opening line. */
  ifTests: IfCondition[];
  ifIndex: Map<number, number>;
}

/** Reads the directives into the two groups. */
function groupsOf(directives: readonly ApacheLine[]): Groups {
  const groups: Groups = {
    rewrites: [],
    exact: new Map(),
    tried: [],
    fixup: [],
    perDir: [],
    aliases: [],
    before: [],
    after: [],
    problems: [],
    skipped: newSkipLog(),
    ifTests: [],
    ifIndex: new Map(),
  };
  const settings = rewriteSettings(directives);
  // The open sections, outermost first: name, argument (a `<Location>`'s path, an `<If>`'s expression), line.
  const open: OpenSection[] = [];
  // The `<If>`/`<ElseIf>` chain last closed at each depth, which an `<ElseIf>` or `<Else>` continues.
  const chains = new Map<number, IfCondition[]>();
  let conditions: RewriteCondition[] = [];
  for (const directive of directives) {
    if ('kind' in directive) {
      groups.problems.push({ line: directive.line, message: directive.message });
      continue;
    }
    const name = directive.name.toLowerCase();
    if (name.startsWith('</')) {
      const closed = open.pop();
      if (closed?.chain !== undefined) chains.set(open.length, closed.chain);
    } else if (name.startsWith('<')) open.push(opened(directive, name.slice(1), chains.get(open.length), groups));
    else if (name === 'rewritecond') conditions.push(readCondition(rewriteArgs(directive.text)));
    else if (name === 'rewriterule') {
      if (settings.on) addRewrite(groups, directive, open, conditions, settings.base);
      conditions = [];
    } else if (ALIAS.has(name)) addAlias(groups, directive, open);
  }
  guardIfRewrites(groups.perDir, groups.ifTests);
  for (const list of [groups.before, groups.after]) list.sort((a, b) => a.order - b.order);
  return groups;
}

/** A section as opened; an `<If>`, `<ElseIf>` or `<Else>` with its condition (if-chain.ts). */
function opened(
  directive: ApacheDirective,
  name: string,
  chain: IfCondition[] | undefined,
  groups: Groups,
): OpenSection {
  const section: OpenSection = { name, arg: directive.args[0] ?? '', line: directive.line };
  if (!IF_CHAIN.has(name)) return section;
  const compile = (source: string, caseless: boolean) =>
    serverRegex(source, caseless, { log: groups.skipped, line: directive.line });
  const made = chainedSection(name, directive.args.join(' '), chain ?? [], compile);
  section.test = made.test;
  if (name !== 'else') section.chain = made.chain;
  return section;
}

function addRewrite(
  groups: Groups,
  directive: ApacheDirective,
  open: readonly OpenSection[],
  conditions: readonly RewriteCondition[],
  base: string | undefined,
): void {
  const sections = open.map((each) => each.name);
  const outer = open.filter((each) => !TRANSPARENT.has(each.name));
  const section = outer[0]?.name;
  // One `<If>`, `<ElseIf>` or `<Else>`: its rules are per-directory rules, in a virtual host too (if-rewrites.ts).
  const inIf = outer.length === 1 && IF_CHAIN.has(section ?? '') ? outer[0] : undefined;
  const local = perDirectory(sections);
  const context = { skipped: groups.skipped, conditions, base, perDirectory: local, onDisk: inIf !== undefined };
  // The section replaces the file's rules when it holds, whatever its own rules are.
  const index = inIf === undefined ? undefined : ifIndex(groups, inIf);
  const made = rewriteMatcher(rewriteArgs(directive.text), directive.line, context);
  if (typeof made === 'string') groups.problems.push({ line: directive.line, message: made });
  if (typeof made !== 'function') return;
  const match = section === undefined || inIf !== undefined ? made : conditional(made, directive.line, section);
  const rule: PlacedRewrite = { line: directive.line, match };
  if (index !== undefined) rule.section = index;
  if (local || inIf !== undefined) groups.perDir.push(rule);
  if (inIf !== undefined && !local) {
    groups.fixup.push(rule);
    return;
  }
  groups.rewrites.push(rule);
  const path = section === undefined && conditions.length === 0 ? exactPath(directive, local) : undefined;
  if (path === undefined) groups.tried.push(rule);
  else if (!groups.exact.has(path)) groups.exact.set(path, rule);
}

/** The index of an `<If>` holding rewrite rules, its condition (if-chain.ts) kept when its first rule is read. */
function ifIndex(groups: Groups, section: OpenSection): number {
  const known = groups.ifIndex.get(section.line ?? 0);
  if (known !== undefined) return known;
  groups.ifIndex.set(section.line ?? 0, groups.ifTests.length);
  return groups.ifTests.push(section.test) - 1;
}

function addAlias(groups: Groups, directive: ApacheDirective, open: readonly OpenSection[]): void {
  const sections = open.map((each) => each.name);
  const { line, args } = directive;
  const placed = sectionRedirect(directive.name.toLowerCase(), args, line, open, groups.skipped);
  if (typeof placed === 'string') groups.problems.push({ line, message: placed });
  if (typeof placed === 'object') groups[placed.list].push({ line, match: placed.match, order: placed.order });
  if (placed !== undefined) return;
  const made = aliasMatcher(directive.name.toLowerCase(), directive.args, directive.line, groups.skipped);
  if (typeof made === 'string') groups.problems.push({ line: directive.line, message: made });
  if (typeof made !== 'function') return;
  const section = sections.find((name) => !TRANSPARENT.has(name));
  const match = section === undefined ? made : conditional(made, directive.line, section);
  groups.aliases.push(
    match.key === undefined ? { line: directive.line, match } : { line: directive.line, key: match.key, match },
  );
}

/** The one decoded path a RewriteRule matches, when its pattern is a literal (`^old$`) and it has no `[NC]`. */
function exactPath(directive: ApacheDirective, local: boolean): string | undefined {
  const [pattern = '', , flags = ''] = rewriteArgs(directive.text);
  if (/\b(?:nc|nocase)\b/i.test(flags)) return undefined;
  const literal = literalOfRegex(pattern);
  if (literal === undefined) return undefined;
  if (local) return literal.startsWith('/') ? undefined : `/${literal}`;
  return literal.startsWith('/') ? literal : undefined;
}

/** The first rewrite rule before `before` that answers `url`; `pass` when one stops the rules without answering. */
function firstRewrite(groups: Groups, url: URL, before: number): RewriteAnswer | undefined {
  const exact = groups.exact.get(decodedPath(url));
  const best = exact !== undefined && exact.line < before ? exact : undefined;
  const found = firstTried(groups.tried, url, best?.line ?? before) ?? best?.match(url);
  // The rule for this exact path may not apply (an `<If>` of rules holds): the rules after it are tried then.
  if (found !== undefined || best === undefined) return found;
  return firstTried(groups.tried, url, before, best.line);
}

/** The first of `rules`, in file order, written after line `after` and before line `before`, that answers `url`. */
function firstTried(
  rules: ReadonlyArray<{ line: number; match: RewriteMatcher }>,
  url: URL,
  before: number,
  after = Number.NEGATIVE_INFINITY,
) {
  for (const rule of rules) {
    if (rule.line >= before) break;
    if (rule.line <= after) continue;
    const found = rule.match(url);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A rewrite answer as a match: `pass` (the rules stopped without answering) is none. */
function answered(found: RewriteAnswer | undefined): RuleMatch | undefined {
  return found === 'pass' ? undefined : found;
}

/**
 * What answers `url` in httpd's order, or (given `line`) what answers it before the rule on that line would: the
 * rewrite rules, the sections' redirects tried first, the Redirects, a virtual host's per-directory rewrite rules,
 * the sections' redirects tried last.
 */
function firstAnswer(groups: Groups, aliases: ReturnType<typeof orderedRules>) {
  const rewriteLines = new Set(groups.rewrites.map((rule) => rule.line));
  const fixupLines = new Set(groups.fixup.map((rule) => rule.line));
  const beforeOrder = new Map(groups.before.map((rule) => [rule.line, rule.order]));
  const afterOrder = new Map(groups.after.map((rule) => [rule.line, rule.order]));
  return (url: URL, line?: number): RuleMatch | undefined => {
    const at = line ?? Number.NaN;
    const rewriting = rewriteLines.has(at);
    const rewritten = answered(firstRewrite(groups, url, rewriting ? at : Number.POSITIVE_INFINITY));
    if (rewritten !== undefined || rewriting) return rewritten;
    const early = beforeOrder.get(at);
    const before = lastFirst(groups.before, url, early ?? Number.NEGATIVE_INFINITY);
    if (before !== undefined || early !== undefined) return before;
    const late = afterOrder.get(at);
    const fixing = fixupLines.has(at);
    if (line !== undefined && !fixing && late === undefined) return aliases.shadowing(url, line);
    const alias = aliases.match(url);
    if (alias !== undefined) return alias;
    const fixed = answered(firstTried(groups.fixup, url, fixing ? at : Number.POSITIVE_INFINITY));
    if (fixed !== undefined || fixing) return fixed;
    return lastFirst(groups.after, url, late ?? Number.NEGATIVE_INFINITY);
  };
}

/**
 * Compiles an Apache configuration's redirects for matching sample URLs in httpd's own order: mod_rewrite's rules
 * first, in file order, wherever they are written, then mod_alias's `Redirect*` and `RedirectMatch`, in file order
 * (https://httpd.apache.org/docs/2.4/mod/mod_alias.html#order: "mod_rewrite ... processed before mod_alias"; both
 * in the server's translation phase in a virtual host, both in its fixups in a `.htaccess`, mod_rewrite first);
 * the redirects of `<Location>` and `<If>` sections where httpd merges them (section-redirects.ts).
 */
export function compileApache(directives: readonly ApacheLine[]): CompiledRules {
  const groups = groupsOf(directives);
  const aliases = orderedRules({ matchers: groups.aliases, keysOf, problems: [], skipped: groups.skipped });
  const first = firstAnswer(groups, aliases);
  return {
    size:
      groups.rewrites.length + groups.fixup.length + groups.aliases.length + groups.before.length + groups.after.length,
    problems: groups.problems,
    skipped: groups.skipped,
    // An encoded slash in the path is refused (404) before any module sees it (AllowEncodedSlashes Off, the default:
    // https://httpd.apache.org/docs/2.4/mod/core.html#allowencodedslashes).
    match: (url) => (/%2f/i.test(url.pathname) ? undefined : first(url)),
    // A rewrite rule is answered first by an earlier rewrite rule only; a mod_alias one by any rewrite rule or an
    // earlier mod_alias one; one of a section by the lists tried before its own and by later rules of its list.
    shadowing: (url, line) => first(url, line),
  };
}
