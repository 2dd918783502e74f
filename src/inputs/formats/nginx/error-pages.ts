import type { RuleMatch } from '../../patterns/rule-match.js';

/**
 * An `error_page code ... [=[response]] uri;` (https://nginx.org/en/docs/http/ngx_http_core_module.html#error_page):
 * a URL (not `/` or `@`) redirects, with the `=response` code when it is 301, 302, 303, 307 or 308, else 302; a URI
 * or a named location is an internal redirect, which hoplens does not follow.
 */
export interface ErrorPage {
  line: number;
  uri: string;
  response?: string;
}

/** The codes of one `error_page` directive, each with its page. */
export function errorPagesOf(args: readonly string[], line: number): Array<[number, ErrorPage]> {
  const codes = args.filter((arg) => /^\d{3}$/.test(arg)).map(Number);
  const uri = args.at(-1);
  const response = args.find((arg) => arg.startsWith('='));
  if (uri === undefined || uri === response || codes.length === 0) return [];
  const page: ErrorPage = { line, uri, ...(response === undefined ? {} : { response: response.slice(1) }) };
  return codes.map((code) => [code, page]);
}

/** What nginx answers through an error page: its redirect, or a problem for an internal redirect. */
export function errorPageAnswer(page: ErrorPage): RuleMatch {
  if (page.uri.startsWith('/') || page.uri.startsWith('@'))
    return { line: page.line, problem: `error_page hands the answer to ${page.uri}, which hoplens does not follow` };
  const status = Number(page.response);
  return { line: page.line, target: page.uri, status: [301, 302, 303, 307, 308].includes(status) ? status : 302 };
}
