import { type ConditionRegex, variable } from './rewrite-conditions.js';
import { wildcardRegex } from './wildcard.js';

/**
 * An `<If "expression">` section's test, where the URL alone decides it: a comparison of one variable the URL tells
 * (`%{HTTP_HOST}`, `%{QUERY_STRING}`, `%{REQUEST_URI}`, `%{HTTPS}`...) with a regex (`=~ /re/`, `!~ m#re#i`), a
 * string (`== 'text'`, `!=`) or a wildcard (`-strmatch 'www.*'`, `-strcmatch`, `-fnmatch`), as
 * https://httpd.apache.org/docs/2.4/expr.html writes them. Undefined for any other expression: then only the server
 * can tell whether the section applies. `compile` runs the regex: the matcher's bounded engines for samples, a plain
 * RegExp on simple patterns for the rows the page reads too (rewrite-conditions.ts).
 */
export function ifTest(expression: string, compile: ConditionRegex): ((url: URL) => boolean) | undefined {
  const parts = /^\s*%\{(\w+)\}\s*(=~|!~|==|!=|-strc?match|-fnmatch)\s*(.+?)\s*$/.exec(expression);
  if (parts === null) return undefined;
  const [, name = '', operator = '', operand = ''] = parts;
  const negated = operator.startsWith('!');
  const value = (url: URL) => variable(name, url);
  if (!operator.includes('~')) {
    const text = /^'([^']*)'$|^"([^"]*)"$/.exec(operand);
    if (text === null) return undefined;
    const expected = text[1] ?? text[2] ?? '';
    if (operator.startsWith('-')) {
      const wildcard = wildcardRegex(expected, operator !== '-fnmatch', operator === '-strcmatch');
      return known(value, (found) => wildcard.test(found));
    }
    return known(value, (found) => (found === expected) !== negated);
  }
  const slashes = /^\/(.*)\/(i?)$/.exec(operand);
  const marked = /^m(.)(.*)\1(i?)$/.exec(operand);
  const source = slashes?.[1] ?? marked?.[2];
  if (source === undefined) return undefined;
  const flag = slashes?.[2] ?? marked?.[3] ?? '';
  const regex = compile(source, flag === 'i');
  if (regex === undefined) return undefined;
  return known(value, (found) => (regex.exec(found) !== null) !== negated);
}

/** The test, or undefined when the variable is not one a URL tells. */
function known(
  value: (url: URL) => string | undefined,
  test: (found: string) => boolean,
): ((url: URL) => boolean) | undefined {
  if (value(new URL('http://site.test/')) === undefined) return undefined;
  return (url) => test(value(url) ?? '');
}
