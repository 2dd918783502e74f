import type { InputItem } from '../../row.js';
import { REDIRECT_STATUSES, type RuleReadOptions, ruleRow } from '../../rule-row.js';
import { literalOfRegex } from '../../text/regex-literal.js';
import { type NginxDirective, nginxTokens, nginxTree } from './tokens.js';

/** Where a directive sits: the path its location matches, or why its rules cannot be checked as one URL. */
interface NginxContext {
  /** The literal path of an exact (`=`), `^~` or prefix location. */
  path?: string;
  /** Set when the rules here are regex-located, conditional (`if`) or named (`@x`): they are skipped. */
  skip?: string;
}

/** Whether a redirect URL is absolute as nginx's `return URL` form requires (or starts with `$scheme`). */
function isRedirectUrl(text: string): boolean {
  return /^https?:\/\//i.test(text) || text.startsWith('$scheme');
}

function describe(directive: NginxDirective): string {
  return [directive.name, ...directive.args].join(' ');
}

/** The context of a `location` block's children. */
function locationContext(args: readonly string[]): NginxContext {
  let [modifier, uri] = args;
  if (uri === undefined) {
    uri = modifier;
    modifier = undefined;
    // `location =/x` is `location = /x`.
    if (uri?.startsWith('=') && uri.length > 1) {
      modifier = '=';
      uri = uri.slice(1);
    }
  }
  if (uri === undefined) return { skip: 'location without a path' };
  if (modifier === '~' || modifier === '~*') return { skip: 'regex location' };
  if (uri.startsWith('@')) return { skip: 'named location (reached by internal redirects only)' };
  if (modifier !== undefined && modifier !== '=' && modifier !== '^~') return { skip: `location modifier ${modifier}` };
  return { path: uri };
}

/** `return code [URL|text]` or `return URL` (302). */
function returnItem(directive: NginxDirective, context: NginxContext, options: RuleReadOptions): InputItem {
  const { line } = directive;
  const text = describe(directive);
  const [first, second, ...extra] = directive.args;
  if (first === undefined || extra.length > 0)
    return { kind: 'invalid', line, message: 'return takes a code and a URL' };
  const coded = /^\d{3}$/.test(first);
  const status = coded ? Number(first) : 302;
  const url = coded ? second : first;
  if (!coded && !isRedirectUrl(first)) return { kind: 'invalid', line, message: `not a status code or URL: ${first}` };
  if (REDIRECT_STATUSES.has(status) && url === undefined) {
    return { kind: 'invalid', line, message: `return ${status} needs a URL` };
  }
  if (context.skip !== undefined) return { kind: 'skipped', line, text, reason: context.skip };
  if (context.path === undefined) return { kind: 'skipped', line, text, reason: 'server-wide return (every path)' };
  if (status === 444) return { kind: 'skipped', line, text, reason: '444 closes the connection without a response' };
  if (!REDIRECT_STATUSES.has(status)) return ruleRow({ line, from: context.path, status }, options);
  if (url!.includes('$')) return { kind: 'skipped', line, text, reason: 'variable in the target' };
  return ruleRow({ line, from: context.path, to: url!, status }, options);
}

/** `rewrite regex replacement [permanent|redirect|last|break]`. */
function rewriteItem(directive: NginxDirective, context: NginxContext, options: RuleReadOptions): InputItem {
  const { line } = directive;
  const text = describe(directive);
  const [regex, replacement, flag, ...extra] = directive.args;
  if (regex === undefined || replacement === undefined || extra.length > 0) {
    return { kind: 'invalid', line, message: 'rewrite takes a regex, a replacement and a flag' };
  }
  const flags: Record<string, number> = { permanent: 301, redirect: 302 };
  if (flag !== undefined && !['permanent', 'redirect', 'last', 'break'].includes(flag)) {
    return { kind: 'invalid', line, message: `unknown rewrite flag ${flag}` };
  }
  // A replacement that is a URL redirects (302) whatever the flag, unless the flag says permanent.
  const status = (flag === undefined ? undefined : flags[flag]) ?? (isRedirectUrl(replacement) ? 302 : undefined);
  if (status === undefined) return { kind: 'skipped', line, text, reason: 'internal rewrite (no redirect)' };
  if (context.skip !== undefined) return { kind: 'skipped', line, text, reason: context.skip };
  const path = literalOfRegex(regex);
  if (path === undefined || !path.startsWith('/')) {
    return { kind: 'skipped', line, text, reason: 'regular expression in the source' };
  }
  if (replacement.includes('$')) return { kind: 'skipped', line, text, reason: 'captures or variables in the target' };
  // A trailing `?` only tells nginx not to append the request's query string.
  return ruleRow({ line, from: path, to: replacement.replace(/\?$/, ''), status }, options);
}

/** Walks the directives, collecting the items of the redirects found. */
function walk(directives: readonly NginxDirective[], context: NginxContext, options: RuleReadOptions): InputItem[] {
  return directives.flatMap((directive): InputItem[] => {
    const children = directive.children ?? [];
    switch (directive.name) {
      case 'map':
        return [
          {
            kind: 'skipped',
            line: directive.line,
            text: describe(directive),
            reason: 'map-driven (entries not checked)',
          },
        ];
      case 'location':
        return walk(children, context.skip === undefined ? locationContext(directive.args) : context, options);
      case 'if':
        return walk(children, { ...context, skip: context.skip ?? 'inside if' }, options);
      case 'return':
        return [returnItem(directive, context, options)];
      case 'rewrite':
        return [rewriteItem(directive, context, options)];
      default:
        // `http`, `server` and any other block are read through; their other directives do not redirect.
        return walk(children, directive.name === 'server' ? {} : context, options);
    }
  });
}

/** An nginx configuration parsed once: its directives, and what could not be read (a missing `;` or brace). */
export interface ParsedNginx {
  directives: NginxDirective[];
  problems: Array<{ line: number; message: string }>;
}

/** Parses an nginx configuration: the rows (below) and the matcher (patterns.ts) are both made from this. */
export function parseNginx(text: string): ParsedNginx {
  const { tokens, error } = nginxTokens(text);
  const tree = nginxTree(tokens);
  return { directives: tree.directives, problems: [...tree.errors, ...(error === undefined ? [] : [error])] };
}

/**
 * The redirects of a parsed nginx configuration (a whole file, a `server` block or a bare snippet): `return 3xx URL`
 * in exact, `^~` and prefix locations, and `rewrite` with a literal regex and `permanent`/`redirect`. Regex
 * locations, `if` blocks, `map`s and targets with variables are skipped and counted. A missing `;` or brace is
 * reported on its line and the rest is still read.
 */
export function nginxItems(parsed: ParsedNginx, options: RuleReadOptions): InputItem[] {
  const items: InputItem[] = [
    ...walk(parsed.directives, {}, options),
    ...parsed.problems.map(({ line, message }): InputItem => ({ kind: 'invalid', line, message })),
  ];
  const lineOf = (item: InputItem) => (item.kind === 'row' ? item.row.line : item.line);
  return items.sort((a, b) => lineOf(a) - lineOf(b));
}
