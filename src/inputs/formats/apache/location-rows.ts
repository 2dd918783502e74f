import type { InputItem } from '../../row.js';
import { REDIRECT_STATUSES, type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { aliasMatches } from './alias-prefix.js';
import type { ApacheDirective } from './lines.js';
import { statusWord } from './status-word.js';

/** The status `RedirectPermanent` and `RedirectTemp` fix; `Redirect` takes one as its first argument. */
const FIXED: Record<string, number> = { redirectpermanent: 301, redirecttemp: 302 };

/**
 * A `Redirect`, `RedirectPermanent` or `RedirectTemp` inside one `<Location path>` as a rule row, for lint and fix
 * (check's matcher places it as httpd does: section-redirects.ts). With a redirect status and one argument, that
 * argument is the URL and the section's path the source
 * (https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect); with `gone` and no argument the section answers
 * 410. The two-argument form is the usual URL-path and URL, a row when that path is inside the section. A section
 * path with wildcards (https://httpd.apache.org/docs/2.4/mod/core.html#location) is not one source: skipped.
 */
export function locationRow(directive: ApacheDirective, location: string, options: RuleReadOptions): InputItem {
  const { line, text } = directive;
  const name = directive.name.toLowerCase();
  if (!location.startsWith('/') || /[*?[]/.test(location))
    return { kind: 'skipped', line, text, reason: `inside <Location ${location}>: not one path` };
  const args = [...directive.args];
  const named = FIXED[name] === undefined && args.length > 0 ? statusWord(args[0]!) : undefined;
  if (named !== undefined) args.shift();
  const status = FIXED[name] ?? named ?? 302;
  const redirect = REDIRECT_STATUSES.has(status);
  if (args.length === 2 || (args.length === 1 && !redirect)) {
    const [path, to] = args as [string, string | undefined];
    if (aliasMatches(path, location) === undefined)
      return { kind: 'skipped', line, text, reason: `inside <Location ${location}>: ${path} is not under it` };
    return ruleRow(to === undefined ? { line, from: path, status } : { line, from: path, to, status }, options);
  }
  if (args.length > 2 || (redirect && args.length === 0))
    return { kind: 'invalid', line, message: `${directive.name} inside <Location> needs a URL` };
  const to = args[0];
  if (to?.includes('%{'))
    return { kind: 'skipped', line, text, reason: `the target is an expression: only the server can tell` };
  return ruleRow(to === undefined ? { line, from: location, status } : { line, from: location, to, status }, options);
}
