import { type CompiledRules, decodedPath, type RuleMatch, type RuleProblem } from '../../patterns/rule-match.js';
import { newSkipLog, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { actionOf, type NginxAction, type RequestState, runPhase } from './actions.js';
import { type ErrorPage, errorPageAnswer, errorPagesOf } from './error-pages.js';
import { addLocation, emptyLevel, type LocationLevel, type NginxLocation, pickLocation } from './locations.js';
import type { ParsedNginx } from './read.js';
import { listenPort, type PickedServer, pickServer, type ServerChoice } from './servers.js';
import type { NginxDirective } from './tokens.js';

interface NginxServer extends ServerChoice {
  /** The server-level rewrite-module directives: they run before a location is chosen. */
  actions: NginxAction[];
  locations: LocationLevel;
  /** Every rule's line, for the rule count and for shadowing within the rule's own server. */
  lines: number[];
  /** `merge_slashes` (on by default): adjacent slashes are one before matching. */
  mergeSlashes: boolean;
  /** `absolute_redirect` (on by default): a Location beginning with `/` gets the request's scheme, host and port. */
  absoluteRedirect: boolean;
  /** The server's `error_page` codes (its locations' own are not read). */
  errorPages: Map<number, ErrorPage>;
  /** The server's `try_files`, which its locations without one inherit. */
  tryFiles?: string[];
}

/** What reading the configuration reports: rules that cannot be read, rules skipped while matching. */
interface Reports {
  problems: RuleProblem[];
  skipped: SkipLog;
}

/**
 * How many times nginx looks a location up again after an internal rewrite before answering 500 (its
 * NGX_HTTP_MAX_URI_CHANGES: "rewrite or internal redirection cycle").
 */
const MAX_URI_CHANGES = 10;

function collect(directives: readonly NginxDirective[], server: NginxServer, reports: Reports): NginxAction[] {
  const actions: NginxAction[] = [];
  for (const directive of directives) {
    const action = actionOf(directive, reports.skipped);
    if (typeof action === 'string') reports.problems.push({ line: directive.line, message: action });
    else if (action !== undefined) {
      actions.push(action);
      server.lines.push(action.line);
    }
  }
  return actions;
}

function locationOf(directive: NginxDirective, server: NginxServer, reports: Reports): NginxLocation | undefined {
  let [modifier, uri] = directive.args;
  if (uri === undefined)
    [modifier, uri] = modifier?.startsWith('=') && modifier.length > 1 ? ['=', modifier.slice(1)] : ['', modifier];
  if (uri === undefined || uri.startsWith('@')) return undefined;
  if (!['', '=', '^~', '~', '~*'].includes(modifier ?? '')) return undefined;
  const children = directive.children ?? [];
  const location: NginxLocation = {
    modifier: (modifier ?? '') as NginxLocation['modifier'],
    uri,
    line: directive.line,
    actions: [],
    nested: emptyLevel(),
  };
  if (location.modifier === '~' || location.modifier === '~*') {
    const regex = serverRegex(uri, location.modifier === '~*', { log: reports.skipped, line: directive.line });
    if (regex === undefined) {
      reports.problems.push({ line: directive.line, message: `not a valid regular expression: ${uri}` });
      return undefined;
    }
    location.regex = regex;
  }
  location.actions = collect(children, server, reports);
  const tryFiles = children.find((child) => child.name === 'try_files');
  if (tryFiles !== undefined) location.tryFiles = tryFiles.args;
  addLocations(children, location.nested, server, reports);
  return location;
}

function addLocations(
  directives: readonly NginxDirective[],
  level: LocationLevel,
  server: NginxServer,
  reports: Reports,
) {
  for (const directive of directives) {
    if (directive.name !== 'location') continue;
    const location = locationOf(directive, server, reports);
    if (location !== undefined) addLocation(level, location);
  }
}

/** The server's settings: names and regex names, listen ports, default_server, slashes, redirects, error pages. */
function readSettings(directives: readonly NginxDirective[], server: NginxServer, reports: Reports): void {
  for (const { name, args, line } of directives) {
    if (name === 'server_name') {
      server.names.push(...args.filter((each) => !each.startsWith('~')));
      for (const each of args.filter((arg) => arg.startsWith('~'))) {
        const regex = serverRegex(each.slice(1).replace(/\(\?P</g, '(?<'), false, { log: reports.skipped, line });
        if (regex !== undefined) server.regexNames.push(regex);
      }
    }
    if (name === 'listen') {
      server.ports.push(listenPort(args[0] ?? ''));
      if (args.includes('default_server') || args.includes('default')) server.defaultServer = true;
    }
    if (name === 'merge_slashes') server.mergeSlashes = args[0] !== 'off';
    if (name === 'absolute_redirect') server.absoluteRedirect = args[0] !== 'off';
    if (name === 'try_files') server.tryFiles = args;
    if (name === 'error_page') for (const [code, page] of errorPagesOf(args, line)) server.errorPages.set(code, page);
  }
  if (server.ports.length === 0) server.ports.push(80);
}

function serverOf(directives: readonly NginxDirective[], reports: Reports): NginxServer {
  const server: NginxServer = {
    names: [],
    regexNames: [],
    ports: [],
    defaultServer: false,
    actions: [],
    locations: emptyLevel(),
    lines: [],
    mergeSlashes: true,
    absoluteRedirect: true,
    errorPages: new Map(),
  };
  readSettings(directives, server, reports);
  server.actions = collect(directives, server, reports);
  addLocations(directives, server.locations, server, reports);
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

/** The URI nginx matches: %-decoded, dot segments resolved (by URL), adjacent slashes merged unless turned off. */
function matchedUri(url: URL, mergeSlashes: boolean): string {
  const path = decodedPath(url);
  return mergeSlashes ? path.replace(/\/{2,}/g, '/') : path;
}

/**
 * What nginx answers for a URL in a server: its server-level rewrite directives first, then the location its search
 * picks (locations.ts) and that location's directives, looked up again after an internal rewrite (`last`, or no flag),
 * at most {@link MAX_URI_CHANGES} times; undefined when no rule answers (nginx serves the request itself).
 */
function answer(
  server: NginxServer,
  url: URL,
  chosen: Omit<PickedServer<NginxServer>, 'server'>,
): RuleMatch | undefined {
  const state: RequestState = {
    url,
    uri: matchedUri(url, server.mergeSlashes),
    args: url.search.slice(1),
    captures: [...chosen.captures],
    named: { ...chosen.named },
  };
  const early = runPhase(server.actions, state);
  if ('answer' in early) return finished(server, undefined, early.answer, url);
  for (let changes = 0; changes <= MAX_URI_CHANGES; changes++) {
    const picked = pickLocation(server.locations, state.uri);
    if (picked === undefined) return finished(server, undefined, undefined, url);
    // A prefix or exact location runs no regex: `$1` stays what the server name's regex captured.
    if (picked.location.regex !== undefined) state.captures = picked.captures;
    state.named = { ...state.named, ...(picked.groups ?? {}) };
    const end = runPhase(picked.location.actions, state);
    if ('answer' in end) return finished(server, picked.location, end.answer, url);
    if (end.next !== 'lookup') return finished(server, picked.location, undefined, url);
    if (changes === MAX_URI_CHANGES) return { line: end.line ?? picked.location.line, status: 500 };
  }
  return undefined;
}

/**
 * An answer as nginx sends it: a served request that `try_files` may hand to a named location, or whose missing file
 * an `error_page 404` redirects, is the server's to tell; an error status with an `error_page` becomes its redirect;
 * a Location beginning with `//` gets the request's origin under `absolute_redirect` (nginx's header filter does it).
 */
function finished(
  server: NginxServer,
  location: NginxLocation | undefined,
  found: RuleMatch | undefined,
  url: URL,
): RuleMatch | undefined {
  if (found === undefined) {
    const fallback = (location?.tryFiles ?? server.tryFiles)?.at(-1);
    if (fallback?.startsWith('@'))
      return {
        line: location?.line ?? 0,
        problem: `try_files hands a missing file to ${fallback}: only the server can tell`,
      };
    const page = server.errorPages.get(404);
    return page === undefined
      ? undefined
      : { line: page.line, problem: 'error_page 404 answers a missing file: only the server can tell' };
  }
  if ('problem' in found) return found;
  const page = found.target === undefined ? server.errorPages.get(found.status) : undefined;
  if (page !== undefined) return errorPageAnswer(page);
  if (found.target?.startsWith('//') && server.absoluteRedirect)
    return { ...found, target: `${url.protocol}//${url.host}${found.target}` };
  return found;
}

/**
 * The named captures any regex of the file declares (`(?<name>`, `(?P<name>`), empty until one matches: nginx makes
 * each a variable of the whole configuration, so `$name` where no regex set it is empty, not unknown.
 */
function declaredCaptures(directives: readonly NginxDirective[]): Record<string, string> {
  const declared: Record<string, string> = {};
  const visit = (list: readonly NginxDirective[]) => {
    for (const directive of list) {
      for (const arg of directive.args) for (const [, name] of arg.matchAll(/\(\?P?<(\w+)>/g)) declared[name!] = '';
      visit(directive.children ?? []);
    }
  };
  visit(directives);
  return declared;
}

/**
 * Compiles a parsed nginx configuration (read.ts) for matching sample URLs as nginx does: the server named by the
 * sample's host (or the first), then {@link answer}. An answer past an `if` that may answer first is a problem (the
 * sample is skipped), never a prediction.
 */
export function compileNginx(parsed: ParsedNginx): CompiledRules {
  // Copied: compiling adds the problems of its own (a bad regex) to those of the parse, which the rows carry too.
  const problems: RuleProblem[] = [...parsed.problems];
  const skipped: SkipLog = newSkipLog();
  const servers = serversOf(parsed.directives, { problems, skipped });
  const declared = declaredCaptures(parsed.directives);
  const serverOfLine = new Map<number, NginxServer>();
  for (const server of servers) for (const line of server.lines) serverOfLine.set(line, server);
  const uncertain = new Set(
    servers.flatMap((server) => allActions(server).filter((action) => action.kind === 'uncertain')).map((a) => a.line),
  );
  return {
    size: serverOfLine.size,
    problems,
    skipped,
    match(url) {
      const picked = pickServer(servers, url);
      return answer(picked.server, url, { ...picked, named: { ...declared, ...picked.named } });
    },
    shadowing(url, line) {
      const server = serverOfLine.get(line);
      const found = server === undefined ? undefined : answer(server, url, { named: { ...declared }, captures: [] });
      // A block that may answer first (an `if`) does not make a rule dead: it is uncertain, not shadowed.
      return found === undefined || found.line === line || uncertain.has(found.line) ? undefined : found;
    },
  };
}

function allActions(server: NginxServer): NginxAction[] {
  const fromLevel = (level: LocationLevel): NginxAction[] =>
    [...level.exact.values(), ...level.prefixes.values(), ...level.regexes].flatMap((location) => [
      ...location.actions,
      ...fromLevel(location.nested),
    ]);
  return [...server.actions, ...fromLevel(server.locations)];
}
