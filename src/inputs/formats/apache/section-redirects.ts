import { decodedPath, type RuleMatch } from '../../patterns/rule-match.js';
import { type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { type ApacheMatcher, aliasMatcher, locationMatcher, takesSectionPath, underLocation } from './alias-match.js';
import { allOf, IF_CHAIN, type IfCondition } from './if-chain.js';
import { perDirectory, TRANSPARENT } from './rule-context.js';

/**
 * mod_alias redirects inside a `<Location>`, `<LocationMatch>` or an `<If>` section, placed where httpd tries them, as a real httpd 2.4
 * answered the generated suite (test/oracles/apache.generated.test.ts): a `<Location>`'s before the virtual host's
 * own Redirects; an `<If>`'s after them in a virtual host (its section is merged in the fixups), before them in a
 * `.htaccess` (merged after the file's). Sections merge in file order, a later one's redirects first, so each list
 * is tried last rule first. https://httpd.apache.org/docs/2.4/sections.html#merging
 */

/** A redirect of a section: the list it goes in, its matcher, and its place in the list (merge order). */
export interface SectionRedirect {
  list: 'before' | 'after';
  match: ApacheMatcher;
  order: number;
}

/** A redirect in one of the lists, with its line and its place in the list. */
export interface OrderedRedirect {
  line: number;
  match: ApacheMatcher;
  order: number;
}

/** Where an open section is: its name (lowercase) and its argument (a path, an expression). */
export interface OpenSection {
  name: string;
  arg: string;
  /** The line it opens on. */
  line?: number;
  /** An `<If>`, `<ElseIf>` or `<Else>`: whether it applies (if-chain.ts). */
  test?: IfCondition;
  /** An `<If>` or `<ElseIf>`: its chain so far, for an `<ElseIf>` or `<Else>` after it. */
  chain?: IfCondition[];
}

/**
 * `<Location>` sections merge before `<If>` sections whatever the file order
 * (https://httpd.apache.org/docs/2.4/sections.html#merging): a `<Location>`'s `RedirectMatch` takes its place in the
 * list before every `<If>`'s.
 */
const LOCATION_FIRST = 1e14;

/**
 * A redirect's place in its list, tried from the highest: a section merged later is tried first (mod_alias puts the
 * redirects of the section merged over the others before theirs), one section's in the order written. An `<If>`
 * nested in another is merged after every outer one (a real httpd 2.4 answered a nested `<If>`'s Redirect before a
 * later top-level one's: fuzz seed 389952, corpus/apache.json).
 */
function placeOf(sections: readonly OpenSection[], line: number): number {
  const depth = sections.filter((each) => IF_CHAIN.has(each.name)).length;
  return depth * 1e12 + (sections[sections.length - 1]!.line ?? 0) * 1e6 + (1e6 - line);
}

/**
 * The redirect of a `Redirect*`/`RedirectMatch` in a `<Location>` or `<LocationMatch>`, in `<If>`/`<ElseIf>`/`<Else>`
 * sections, or in both (the location outermost), other sections read through (`open` are all the sections around it,
 * outermost first); a problem; or undefined when hoplens does not place it (it is then conditional: the server
 * decides).
 */
export function sectionRedirect(
  name: string,
  args: readonly string[],
  line: number,
  open: readonly OpenSection[],
  skipped: SkipLog,
): SectionRedirect | string | undefined {
  const outer = open.filter((each) => !TRANSPARENT.has(each.name));
  if (outer.length === 0) return undefined;
  const inside = locationTest(outer[0]!, line, skipped);
  const ifs = inside === undefined ? outer : outer.slice(1);
  if (!ifs.every((each) => IF_CHAIN.has(each.name))) return undefined;
  const order = placeOf(outer, line);
  if (inside !== undefined && ifs.length === 0) return locationRedirect(name, args, line, inside, order, skipped);
  const made = aliasMatcher(name, args, line, skipped);
  if (typeof made !== 'function') return made;
  // An expression only the server can evaluate: where the redirect would answer, in its place, so may it.
  const test = allOf(ifs.map((each) => each.test)) ?? 'unknown';
  const applies = (url: URL) => (inside === undefined || inside(url)) && (test === 'unknown' || test(url));
  const problem = `inside <${ifs[ifs.length - 1]!.name}>: only the server can tell whether it applies`;
  const match = (url: URL) => {
    const found = applies(url) ? made(url) : undefined;
    return found === undefined || test !== 'unknown' ? found : { line, problem };
  };
  return { list: perDirectory(open.map((each) => each.name)) ? 'before' : 'after', match, order };
}

/**
 * A redirect in a `<Location>` or `<LocationMatch>` alone. A `Redirect` without its URL-path is tried before the
 * virtual host's own Redirects (locationMatcher); one with it, and a `RedirectMatch` (matched against the whole
 * path), are in mod_alias's per-directory list, after them (takesSectionPath).
 */
function locationRedirect(
  name: string,
  args: readonly string[],
  line: number,
  inside: (url: URL) => boolean,
  order: number,
  skipped: SkipLog,
): SectionRedirect | string | undefined {
  if (name !== 'redirectmatch' && takesSectionPath(name, args)) {
    const made = locationMatcher(name, args, line, inside);
    return typeof made === 'string' ? made : { list: 'before', match: made, order };
  }
  const made = aliasMatcher(name, args, line, skipped);
  if (typeof made !== 'function') return made;
  const match = (url: URL) => (inside(url) ? made(url) : undefined);
  return { list: 'after', match, order: order - LOCATION_FIRST };
}

/** Whether a request is inside a `<Location>` or `<LocationMatch>` (a regex search in the decoded path). */
function locationTest(section: OpenSection, line: number, skipped: SkipLog): ((url: URL) => boolean) | undefined {
  if (section.name === 'location') return underLocation(section.arg);
  if (section.name !== 'locationmatch') return undefined;
  const regex = serverRegex(section.arg, false, { log: skipped, line });
  return regex === undefined ? undefined : (url) => regex.exec(decodedPath(url)) !== null;
}

/** The first of `rules` answering `url`, the last merged first, among those merged after the place `after`. */
export function lastFirst(rules: readonly OrderedRedirect[], url: URL, after: number): RuleMatch | undefined {
  for (let index = rules.length - 1; index >= 0; index--) {
    const rule = rules[index]!;
    if (rule.order <= after) break;
    const found = rule.match(url);
    if (found !== undefined) return found;
  }
  return undefined;
}
