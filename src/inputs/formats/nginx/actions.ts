import { fillCaptures, type RuleMatch } from '../../patterns/rule-match.js';
import { type ServerRegex, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { REDIRECT_STATUSES } from '../../rule-row.js';
import type { NginxDirective } from './tokens.js';

/**
 * A directive of nginx's rewrite module, in the order written: a `rewrite` (its flag as written), a `return`, or a
 * block hoplens cannot evaluate that may answer first (`if`), which makes any answer after it uncertain.
 */
export type NginxAction =
  | { kind: 'rewrite'; line: number; regex: ServerRegex; replacement: string; flag?: string }
  | { kind: 'return'; line: number; status: number; url?: string }
  | { kind: 'uncertain'; line: number; reason: string };

/** Whether a block holds a directive that can answer (`return`, `rewrite`), at any depth. */
function mayAnswer(directives: readonly NginxDirective[]): boolean {
  return directives.some(
    (directive) => directive.name === 'return' || directive.name === 'rewrite' || mayAnswer(directive.children ?? []),
  );
}

/** The action of a directive, a problem (a bad regex), or undefined for a directive that never answers. */
export function actionOf(directive: NginxDirective, skipped: SkipLog): NginxAction | string | undefined {
  const { line, args } = directive;
  if (directive.name === 'if' && mayAnswer(directive.children ?? [])) {
    return {
      kind: 'uncertain',
      line,
      reason: `the block if ${args.join(' ')} may answer first: only the server can tell`,
    };
  }
  if (directive.name === 'return') {
    const [first = '', second] = args;
    if (/^\d{3}$/.test(first))
      return { kind: 'return', line, status: Number(first), ...(second === undefined ? {} : { url: second }) };
    return { kind: 'return', line, status: 302, url: first };
  }
  if (directive.name !== 'rewrite') return undefined;
  const [pattern = '', replacement = '', flag] = args;
  const regex = serverRegex(pattern, false, { log: skipped, line });
  if (regex === undefined) return `not a valid regular expression: ${pattern}`;
  return { kind: 'rewrite', line, regex, replacement, ...(flag === undefined ? {} : { flag }) };
}

/** A request as the rewrite module sees it: its URI (decoded, normalised) and arguments, and the last captures. */
export interface RequestState {
  url: URL;
  uri: string;
  args: string;
  captures: Array<string | undefined>;
  named: Record<string, string>;
}

/** How a set of rewrite directives ended: an answer, or the URI to look a location up for (changed or not). */
export type PhaseEnd = { answer: RuleMatch } | { next: 'lookup' | 'break' | 'none'; line?: number };

function variablesOf(state: RequestState): Record<string, string> {
  const { url } = state;
  return {
    scheme: url.protocol.slice(0, -1),
    host: url.hostname,
    http_host: url.host,
    request_uri: url.pathname + url.search,
    uri: state.uri,
    document_uri: state.uri,
    args: state.args,
    query_string: state.args,
    is_args: state.args === '' ? '' : '?',
    ...state.named,
  };
}

/** A text with nginx's variables and the last captures filled in (a `try_files` argument), or the unknown one. */
export function filledText(text: string, state: RequestState): string | { problem: string } {
  return fillCaptures(text, state.captures, variablesOf(state));
}

function returned(action: NginxAction & { kind: 'return' }, state: RequestState): RuleMatch {
  if (action.status === 444) return { line: action.line, problem: '444 closes the connection without a response' };
  if (!REDIRECT_STATUSES.has(action.status) || action.url === undefined)
    return { line: action.line, status: action.status };
  const target = fillCaptures(action.url, state.captures, variablesOf(state));
  return typeof target === 'string'
    ? { line: action.line, target, status: action.status }
    : { line: action.line, ...target };
}

/** The status a rewrite redirects with, or undefined for an internal rewrite. */
function redirectStatus(flag: string | undefined, replacement: string): number | undefined {
  if (flag === 'permanent') return 301;
  if (flag === 'redirect' || /^(https?:\/\/|\$scheme)/.test(replacement)) return 302;
  return undefined;
}

/**
 * The URI and arguments a replacement makes: nginx splits it at its first `?` as written (a `?` a variable brings is
 * part of the path), fills each part, and appends the request's arguments after its own unless it ends with `?`.
 */
function withArgs(
  replacement: string,
  state: RequestState,
  captures = state.captures,
): { path: string; args: string; query: boolean } | { problem: string } {
  const keeps = !replacement.endsWith('?');
  const written = keeps ? replacement : replacement.slice(0, -1);
  const at = written.indexOf('?');
  const path = fillCaptures(at < 0 ? written : written.slice(0, at), captures, variablesOf(state));
  if (typeof path !== 'string') return path;
  if (at < 0) return { path, args: keeps ? state.args : '', query: keeps && state.args !== '' };
  // Captures in the arguments are escaped whether the rewrite redirects or not (`?from=$1` keeps `%26`).
  const own = fillCaptures(written.slice(at + 1), quoted(state), variablesOf(state));
  if (typeof own !== 'string') return own;
  // A `?` written in the replacement stays in a redirect's Location, even before empty arguments.
  return { path, args: !keeps || state.args === '' ? own : `${own}&${state.args}`, query: true };
}

/**
 * The captures a redirecting rewrite writes (any rewrite, in its arguments): escaped as arguments (space, `#`, `%`, `&`, `+`, `?`, controls and
 * non-ASCII) when the request's URI had a `%` escape or a `+`, as nginx's script engine does for a redirect
 * (ngx_http_script_copy_capture_code: `/search/a%26b` captured into `?q=$1` stays `q=a%26b`); else as decoded.
 */
function quoted(state: RequestState): Array<string | undefined> {
  if (!/[%+]/.test(state.url.pathname)) return state.captures;
  const escaped = (text: string) =>
    Array.from(new TextEncoder().encode(text), (byte) =>
      byte <= 0x20 || byte >= 0x7f || '#%&+?'.includes(String.fromCharCode(byte))
        ? `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
        : String.fromCharCode(byte),
    ).join('');
  return state.captures.map((capture) => (capture === undefined ? undefined : escaped(capture)));
}

/**
 * A rewrite's redirect as nginx writes its Location (ngx_http_script_regex_end_code, NGX_UNESCAPE_REDIRECT): up to
 * the first `?`, a `%XX` escape of a printable character after `%` (`%26`, not `%20` or `%25`) is decoded.
 */
function redirectUnescaped(target: string): string {
  const at = target.indexOf('?');
  const path = at < 0 ? target : target.slice(0, at);
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (whole, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code > 0x25 && code < 0x7f ? String.fromCharCode(code) : whole;
  });
  return at < 0 ? decoded : decoded + target.slice(at);
}

/** One `rewrite` whose regex matched: a redirect answers; an internal one changes the URI (and says how to go on). */
function rewritten(action: NginxAction & { kind: 'rewrite' }, state: RequestState): PhaseEnd | undefined {
  const status = redirectStatus(action.flag, action.replacement);
  const next = withArgs(action.replacement, state, status === undefined ? state.captures : quoted(state));
  if ('problem' in next) return { answer: { line: action.line, ...next } };
  if (status !== undefined) {
    const target = redirectUnescaped(next.query ? `${next.path}?${next.args}` : next.path);
    return { answer: { line: action.line, target, status } };
  }
  state.uri = next.path;
  state.args = next.args;
  if (action.flag === 'last') return { next: 'lookup', line: action.line };
  if (action.flag === 'break') return { next: 'break', line: action.line };
  return undefined;
}

/**
 * Runs a set of rewrite-module directives (a server's, or a location's) in order, as nginx's rewrite phase does: a
 * `return` or a redirecting `rewrite` answers; an internal rewrite changes the URI, `last` stopping to look a location
 * up again, `break` stopping there, no flag going on with the new URI (and looking up again at the end).
 */
export function runPhase(actions: readonly NginxAction[], state: RequestState): PhaseEnd {
  let changed: number | undefined;
  for (const action of actions) {
    if (action.kind === 'uncertain') return { answer: { line: action.line, problem: action.reason } };
    if (action.kind === 'return') return { answer: returned(action, state) };
    const found = action.regex.exec(state.uri);
    // A rewrite regex that does not match leaves no numbered captures: `$1` after it is empty (nginx 1.22 does so).
    if (found === null) {
      state.captures = [];
      continue;
    }
    state.captures = [...found];
    state.named = { ...state.named, ...(found.groups ?? {}) };
    const end = rewritten(action, state);
    if (end !== undefined) return end;
    changed = action.line;
  }
  return changed === undefined ? { next: 'none' } : { next: 'lookup', line: changed };
}
