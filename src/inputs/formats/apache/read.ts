import type { InputItem } from '../../row.js';
import { REDIRECT_STATUSES, type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { literalOfRegex, STATUS_WORDS, usesCaptures } from '../../text/regex-literal.js';
import { readStatus } from '../../text/urls.js';
import type { ApacheDirective, ApacheLine } from './lines.js';

/** Sections whose rules apply to every request they enclose: read through. Any other section is a condition. */
const TRANSPARENT = new Set(['ifmodule', 'ifdefine', 'ifversion', 'ifdirective', 'iffile', 'virtualhost', 'directory']);

/** RewriteCond test strings about the host only: the rule still applies to the site being checked. */
const HOST_TESTS = new Set(['%{HTTP_HOST}', '%{SERVER_NAME}']);

/** What the reader carries from one directive to the next. */
interface ApacheState {
  /** Open sections, innermost last (lowercase names). */
  sections: string[];
  /** RewriteCond test strings waiting for their RewriteRule. */
  conditions: string[];
  rewriteBase: string;
  rewriteOn: boolean;
}

/** A status argument (`301`, `permanent`...), or undefined when the word is not one. */
export function statusWord(word: string): number | undefined {
  if (/^\d{3}$/.test(word)) return Number(word);
  return STATUS_WORDS[word.toLowerCase()];
}

type Outcome = InputItem | undefined;

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
  const path = isMatch ? literalOfRegex(pattern) : pattern;
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

/** A RewriteRule; its RewriteConds, unless about the host, make it conditional. */
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
  const other = conditions.filter((test) => !HOST_TESTS.has(test));
  if (other.length > 0) return { kind: 'skipped', line, text, reason: `depends on RewriteCond ${other.join(', ')}` };
  const literal = pattern.startsWith('!') ? undefined : literalOfRegex(pattern);
  if (literal === undefined) return { kind: 'skipped', line, text, reason: 'regular expression in the source' };
  // In .htaccess the pattern sees the path without its leading slash; in a server conf, with it.
  const from = literal.startsWith('/') ? literal : `/${literal}`;
  if (!REDIRECT_STATUSES.has(status)) return ruleRow({ line, from, status }, options);
  if (substitution === '-') return { kind: 'invalid', line, message: 'a redirect needs a substitution, not -' };
  if (usesCaptures(substitution)) return { kind: 'skipped', line, text, reason: 'captures or variables in the target' };
  const to =
    /^[a-z][a-z0-9+.-]*:\/\//i.test(substitution) || substitution.startsWith('/')
      ? substitution
      : `${state.rewriteBase.replace(/\/?$/, '/')}${substitution}`;
  return ruleRow({ line, from, to, status }, options);
}

/** Follows sections and mod_rewrite's settings; returns the item of a redirect directive, if this is one. */
function interpret(directive: ApacheDirective, state: ApacheState, options: RuleReadOptions): Outcome {
  const name = directive.name.toLowerCase();
  if (name.startsWith('</')) {
    state.sections.pop();
    return undefined;
  }
  if (name.startsWith('<')) {
    state.sections.push(name.slice(1));
    return undefined;
  }
  const inside = state.sections.find((section) => !TRANSPARENT.has(section));
  const redirects = ['redirect', 'redirectpermanent', 'redirecttemp', 'redirectmatch', 'rewriterule'];
  if (inside !== undefined && redirects.includes(name)) {
    state.conditions = [];
    return { kind: 'skipped', line: directive.line, text: directive.text, reason: `inside <${inside}>` };
  }
  switch (name) {
    case 'rewriteengine':
      state.rewriteOn = directive.args[0]?.toLowerCase() === 'on';
      return undefined;
    case 'rewritebase':
      state.rewriteBase = directive.args[0] ?? '/';
      return undefined;
    case 'rewritecond':
      state.conditions.push(directive.args[0] ?? '');
      return undefined;
    case 'rewriterule':
      return rewriteRule(directive, state, options);
    case 'redirect':
    case 'redirectmatch':
      return aliasRedirect(directive, undefined, options);
    case 'redirectpermanent':
      return aliasRedirect(directive, 301, options);
    case 'redirecttemp':
      return aliasRedirect(directive, 302, options);
    default:
      return undefined;
  }
}

/**
 * The redirects of a parsed Apache `.htaccess` or conf file (lines.ts): mod_alias's `Redirect` (default 302),
 * `RedirectPermanent`, `RedirectTemp` and `RedirectMatch` (a row when its regex is a literal path), and mod_rewrite's
 * `RewriteRule` with `[R]`/`[R=3xx]` (or `[G]`, `[F]`). Regex sources, captures in targets, rewrites without `R`,
 * rules behind a RewriteCond other than the host's, and rules inside `<If>`, `<Location>`, `<Files>`... are skipped
 * and counted.
 */
export function apacheItems(directives: readonly ApacheLine[], options: RuleReadOptions): InputItem[] {
  const state: ApacheState = { sections: [], conditions: [], rewriteBase: '/', rewriteOn: false };
  const items: InputItem[] = [];
  for (const directive of directives) {
    const item = 'kind' in directive ? directive : interpret(directive, state, options);
    if (item !== undefined) items.push(item);
  }
  return items;
}
