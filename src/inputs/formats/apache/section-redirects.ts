import { decodedPath, type RuleMatch } from '../../patterns/rule-match.js';
import { type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { type ApacheMatcher, aliasMatcher, locationMatcher, underLocation } from './alias-match.js';
import { ifTest } from './if-expression.js';
import { perDirectory, TRANSPARENT } from './rule-context.js';

/**
 * mod_alias redirects inside a `<Location>`, `<LocationMatch>` or an `<If>` section, placed where httpd tries them, as a real httpd 2.4
 * answered the generated suite (test/oracles/apache.generated.test.ts): a `<Location>`'s before the virtual host's
 * own Redirects; an `<If>`'s after them in a virtual host (its section is merged in the fixups), before them in a
 * `.htaccess` (merged after the file's). Sections merge in file order, a later one's redirects first, so each list
 * is tried last rule first. https://httpd.apache.org/docs/2.4/sections.html#merging
 */

/** A redirect of a section: the list it goes in, and its matcher. */
export interface SectionRedirect {
  list: 'before' | 'after';
  match: ApacheMatcher;
}

/** Where an open section is: its name (lowercase) and its argument (a path, an expression). */
export interface OpenSection {
  name: string;
  arg: string;
  /** The line it opens on. */
  line?: number;
}

/**
 * The redirect of a `Redirect*`/`RedirectMatch` in one `<Location>` or `<If>` (other sections read through; `open`
 * are all the sections around it, outermost first), a problem, or undefined when hoplens does not place it (it is
 * then conditional: the server decides).
 */
export function sectionRedirect(
  name: string,
  args: readonly string[],
  line: number,
  open: readonly OpenSection[],
  skipped: SkipLog,
): SectionRedirect | string | undefined {
  const outer = open.filter((each) => !TRANSPARENT.has(each.name));
  const only = outer.length === 1 ? outer[0] : undefined;
  const inside = only === undefined ? undefined : locationTest(only, line, skipped);
  if (inside !== undefined && name !== 'redirectmatch') {
    const made = locationMatcher(name, args, line, inside);
    return typeof made === 'string' ? made : { list: 'before', match: made };
  }
  if (only?.name !== 'if') return undefined;
  const test = ifTest(only.arg, line, skipped);
  if (test === undefined) return undefined;
  const made = aliasMatcher(name, args, line, skipped);
  if (typeof made !== 'function') return made;
  const match = (url: URL) => (test(url) ? made(url) : undefined);
  return { list: perDirectory(open.map((each) => each.name)) ? 'before' : 'after', match };
}

/** Whether a request is inside a `<Location>` or `<LocationMatch>` (a regex search in the decoded path). */
function locationTest(section: OpenSection, line: number, skipped: SkipLog): ((url: URL) => boolean) | undefined {
  if (section.name === 'location') return underLocation(section.arg);
  if (section.name !== 'locationmatch') return undefined;
  const regex = serverRegex(section.arg, false, { log: skipped, line });
  return regex === undefined ? undefined : (url) => regex.exec(decodedPath(url)) !== null;
}

/** The first of `rules` answering `url`, the last written first, among those written after line `after`. */
export function lastFirst(
  rules: ReadonlyArray<{ line: number; match: ApacheMatcher }>,
  url: URL,
  after: number,
): RuleMatch | undefined {
  for (let index = rules.length - 1; index >= 0; index--) {
    const rule = rules[index]!;
    if (rule.line <= after) break;
    const found = rule.match(url);
    if (found !== undefined) return found;
  }
  return undefined;
}
