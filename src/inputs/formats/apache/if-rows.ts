import { OFFLINE_SITE } from '../../offline-site.js';
import type { InputItem } from '../../row.js';
import type { RuleReadOptions } from '../../rule-row.js';
import type { IfCondition } from './if-chain.js';

/** Variables of an `<If>` expression that name the site rather than the path: only a base URL tells them. */
const SITE_VARIABLES = /%\{(?:HTTP_HOST|SERVER_NAME|HTTPS|REQUEST_SCHEME|SERVER_PORT)\}/i;

/**
 * A mod_alias redirect inside `<If>`, `<ElseIf>` or `<Else>` sections as a row for lint and fix, as check's matcher
 * evaluates it (if-chain.ts, section-redirects.ts): a row when the sections apply to the row's source URL, skipped
 * with the reason when they do not or when only the server can tell (a header, a cookie), and when they test the site
 * and no base URL names it. https://httpd.apache.org/docs/2.4/expr.html
 */
export function ifRow(
  item: InputItem,
  text: string,
  test: IfCondition,
  expressions: readonly string[],
  options: RuleReadOptions,
): InputItem {
  if (item.kind !== 'row') return item;
  const { line } = item.row;
  const sections = expressions.map((expression) => `<If ${expression}>`).join(' ');
  if (test === undefined)
    return { kind: 'skipped', line, text, reason: `inside ${sections}: only the server can tell` };
  const offline = options.baseUrl === undefined || new URL(options.baseUrl).origin === OFFLINE_SITE;
  if (offline && expressions.some((expression) => SITE_VARIABLES.test(expression)))
    return {
      kind: 'skipped',
      line,
      text,
      reason: `inside ${sections}: whether it holds depends on the site (--base-url)`,
    };
  if (test(new URL(item.row.source))) return item;
  return { kind: 'skipped', line, text, reason: `inside ${sections}: it does not hold for ${item.row.source}` };
}
