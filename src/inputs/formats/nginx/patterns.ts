import {
  type CompiledRules,
  decodedPath,
  fillCaptures,
  type RuleMatch,
  type RuleProblem,
} from '../../patterns/rule-match.js';
import { type ServerRegex, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { REDIRECT_STATUSES } from '../../rule-row.js';
import type { ParsedNginx } from './read.js';
import type { NginxDirective } from './tokens.js';

/** A `rewrite` (status undefined: internal, `last`/`break`) or a `return`, in the order written. */
type NginxAction =
  | { kind: 'rewrite'; line: number; regex: ServerRegex; replacement: string; status?: number }
  | { kind: 'return'; line: number; status: number; url?: string };

interface NginxLocation {
  modifier: '' | '=' | '^~' | '~' | '~*';
  uri: string;
  regex?: ServerRegex;
  actions: NginxAction[];
}

interface NginxServer {
  names: string[];
  actions: NginxAction[];
  locations: NginxLocation[];
  /** The `=` locations by path, and the prefix (`^~` or none) ones by prefix: looked up, not tried one by one. */
  exact: Map<string, NginxLocation>;
  prefixes: Map<string, NginxLocation>;
  regexes: NginxLocation[];
}

/** What reading the configuration reports: rules that cannot be read, rules skipped while matching. */
interface Reports {
  problems: RuleProblem[];
  skipped: SkipLog;
}

/** The action of a `rewrite` or `return` directive, a problem, or undefined for any other directive. */
function actionOf(directive: NginxDirective, skipped: SkipLog): NginxAction | string | undefined {
  const { line, args } = directive;
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
  const status =
    flag === 'permanent'
      ? 301
      : flag === 'redirect' || (flag === undefined && /^(https?:\/\/|\$scheme)/.test(replacement))
        ? 302
        : undefined;
  return { kind: 'rewrite', line, regex, replacement, ...(status === undefined ? {} : { status }) };
}

function collect(directives: readonly NginxDirective[], into: NginxAction[], reports: Reports): void {
  for (const directive of directives) {
    const action = actionOf(directive, reports.skipped);
    if (typeof action === 'string') reports.problems.push({ line: directive.line, message: action });
    else if (action !== undefined) into.push(action);
  }
}

function locationOf(directive: NginxDirective, reports: Reports): NginxLocation | undefined {
  let [modifier, uri] = directive.args;
  if (uri === undefined)
    [modifier, uri] = modifier?.startsWith('=') && modifier.length > 1 ? ['=', modifier.slice(1)] : ['', modifier];
  if (uri === undefined || uri.startsWith('@')) return undefined;
  if (!['', '=', '^~', '~', '~*'].includes(modifier ?? '')) return undefined;
  const location: NginxLocation = { modifier: (modifier ?? '') as NginxLocation['modifier'], uri, actions: [] };
  if (location.modifier === '~' || location.modifier === '~*') {
    const regex = serverRegex(uri, location.modifier === '~*', { log: reports.skipped, line: directive.line });
    if (regex === undefined) {
      reports.problems.push({ line: directive.line, message: `not a valid regular expression: ${uri}` });
      return undefined;
    }
    location.regex = regex;
  }
  // Rules inside `if` blocks and nested locations apply to some requests only: left out.
  collect(directive.children ?? [], location.actions, reports);
  return location;
}

function serverOf(directives: readonly NginxDirective[], reports: Reports): NginxServer {
  const server: NginxServer = {
    names: [],
    actions: [],
    locations: [],
    exact: new Map(),
    prefixes: new Map(),
    regexes: [],
  };
  for (const directive of directives) {
    if (directive.name === 'server_name') server.names.push(...directive.args);
    if (directive.name === 'location') {
      const location = locationOf(directive, reports);
      if (location === undefined) continue;
      server.locations.push(location);
      const index =
        location.regex !== undefined ? undefined : location.modifier === '=' ? server.exact : server.prefixes;
      if (index === undefined) server.regexes.push(location);
      else if (!index.has(location.uri)) index.set(location.uri, location);
    }
  }
  collect(directives, server.actions, reports);
  return server;
}

/** The `server` blocks (inside `http` or not); a snippet without one is a server of its own. */
function serversOf(directives: readonly NginxDirective[], reports: Reports): NginxServer[] {
  const blocks: NginxDirective[] = [];
  const visit = (list: readonly NginxDirective[]) => {
    for (const directive of list) {
      if (directive.name === 'server') blocks.push(directive);
      else if (directive.name === 'http') visit(directive.children ?? []);
    }
  };
  visit(directives);
  if (blocks.length === 0) return [serverOf(directives, reports)];
  return blocks.map((block) => serverOf(block.children ?? [], reports));
}

/** Whether a `server_name` entry names the host: exactly, or as `*.example.com` / `.example.com`. */
function namesHost(name: string, host: string): boolean {
  if (name.startsWith('*.')) return host.endsWith(name.slice(1));
  if (name.startsWith('.')) return host === name.slice(1) || host.endsWith(name);
  return name.toLowerCase() === host.toLowerCase();
}

/**
 * The location nginx picks for a path: an exact `=` match; else the longest prefix, unless it is `^~` the regex
 * locations in file order, the first match winning; else that longest prefix.
 */
function pickLocation(server: NginxServer, path: string): { location: NginxLocation; captures: string[] } | undefined {
  const exact = server.exact.get(path);
  if (exact !== undefined) return { location: exact, captures: [] };
  let longest: NginxLocation | undefined;
  for (let length = path.length; length > 0 && longest === undefined; length--) {
    longest = server.prefixes.get(path.slice(0, length));
  }
  if (longest?.modifier !== '^~') {
    for (const location of server.regexes) {
      const found = location.regex?.exec(path);
      if (found) return { location, captures: [...found].map((value) => value ?? '') };
    }
  }
  return longest === undefined ? undefined : { location: longest, captures: [] };
}

/** Runs a list of actions for a URL: the first redirecting rewrite or return answers. */
function run(actions: readonly NginxAction[], url: URL, captures: string[]): RuleMatch | undefined {
  const path = decodedPath(url);
  const variables: Record<string, string> = {
    scheme: url.protocol.slice(0, -1),
    host: url.hostname,
    http_host: url.host,
    request_uri: url.pathname + url.search,
    uri: path,
    args: url.search.slice(1),
    query_string: url.search.slice(1),
    is_args: url.search === '' ? '' : '?',
  };
  for (const action of actions) {
    if (action.kind === 'return') {
      if (action.status === 444) return { line: action.line, problem: '444 closes the connection without a response' };
      if (!REDIRECT_STATUSES.has(action.status) || action.url === undefined)
        return { line: action.line, status: action.status };
      const target = fillCaptures(action.url, captures, variables);
      return typeof target === 'string'
        ? { line: action.line, target, status: action.status }
        : { line: action.line, ...target };
    }
    const found = action.regex.exec(path);
    if (found === null) continue;
    if (action.status === undefined)
      return { line: action.line, problem: 'internal rewrite: the request goes on inside nginx' };
    const filled = fillCaptures(action.replacement, [...found], variables);
    if (typeof filled !== 'string') return { line: action.line, ...filled };
    // nginx passes the query string on unless the replacement ends with `?`.
    const target = filled.endsWith('?')
      ? filled.slice(0, -1)
      : url.search === ''
        ? filled
        : `${filled}${filled.includes('?') ? '&' : '?'}${url.search.slice(1)}`;
    return { line: action.line, target, status: action.status };
  }
  return undefined;
}

/**
 * Compiles a parsed nginx configuration (read.ts) for matching sample URLs as nginx does: the server named by the sample's host (or
 * the first), its server-level `rewrite`/`return` first (they run before a location is chosen), then the location
 * nginx picks (see {@link pickLocation}) and its `rewrite`/`return` in order, regex captures filled in.
 */
export function compileNginx(parsed: ParsedNginx): CompiledRules {
  // Copied: compiling adds the problems of its own (a bad regex) to those of the parse, which the rows carry too.
  const problems: RuleProblem[] = [...parsed.problems];
  const skipped: SkipLog = [];
  const servers = serversOf(parsed.directives, { problems, skipped });
  // The server each rule is written in: a rule is shadowed, or not, within its own server.
  const serverOfLine = new Map<number, NginxServer>();
  let size = 0;
  for (const server of servers) {
    for (const action of [...server.actions, ...server.locations.flatMap((location) => location.actions)]) {
      serverOfLine.set(action.line, server);
      size++;
    }
  }
  const answer = (server: NginxServer, url: URL) => {
    const early = run(server.actions, url, []);
    if (early !== undefined) return early;
    const picked = pickLocation(server, decodedPath(url));
    return picked === undefined ? undefined : run(picked.location.actions, url, picked.captures);
  };
  return {
    size,
    problems,
    skipped,
    match(url) {
      const server =
        servers.find((candidate) => candidate.names.some((name) => namesHost(name, url.hostname))) ?? servers[0]!;
      return answer(server, url);
    },
    shadowing(url, line) {
      const server = serverOfLine.get(line);
      const found = server === undefined ? undefined : answer(server, url);
      return found === undefined || found.line === line ? undefined : found;
    },
  };
}
