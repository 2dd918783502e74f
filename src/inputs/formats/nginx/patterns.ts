import { type CompiledRules, decodedPath, type RuleMatch, type RuleProblem } from '../../patterns/rule-match.js';
import { newSkipLog, type SkipLog, serverRegex } from '../../patterns/server-regex.js';
import { actionOf, type NginxAction, type RequestState, runPhase } from './actions.js';
import { type ContentEnd, staticContent, type TryFiles, triedFiles } from './content-phase.js';
import type { DocrootLookup } from './docroot.js';
import { EMPTY_ROOT } from './empty-root.js';
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
  /**
   * The server's `try_files`: for a request no location takes only, as nginx merges no `try_files` into a location
   * (found by the generated suite: a location without one serves `/old` as 404 where the server's would loop).
   */
  tryFiles?: TryFiles;
  /** The named locations (`location @name`), reached by `try_files` only. */
  named: Map<string, NginxLocation>;
  /** The `server` directive's line (or the snippet's first): where an answer no rule gave is placed. */
  line: number;
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
  if (uri === undefined) return undefined;
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
  if (tryFiles !== undefined) location.tryFiles = { args: tryFiles.args, line: tryFiles.line };
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
    if (location?.uri.startsWith('@')) server.named.set(location.uri, location);
    else if (location !== undefined) addLocation(level, location);
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
    if (name === 'try_files') server.tryFiles = { args, line };
    if (name === 'error_page') for (const [code, page] of errorPagesOf(args, line)) server.errorPages.set(code, page);
  }
  if (server.ports.length === 0) server.ports.push(80);
}

function serverOf(directives: readonly NginxDirective[], line: number, reports: Reports): NginxServer {
  const server: NginxServer = {
    line,
    named: new Map(),
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
  if (blocks.length === 0) return [serverOf(directives, directives[0]?.line ?? 1, reports)];
  return blocks.map((block) => serverOf(block.children ?? [], block.line, reports));
}

/** The URI nginx matches: %-decoded, dot segments resolved (by URL), adjacent slashes merged unless turned off. */
function matchedUri(url: URL, mergeSlashes: boolean): string {
  const path = decodedPath(url);
  return mergeSlashes ? path.replace(/\/{2,}/g, '/') : path;
}

/** Where the next round of a request's processing starts: the server's rewrites, the location search, or a location. */
type Resume = { from: 'server' } | { from: 'find' } | { from: 'named'; location: NginxLocation };

/** How a round ends: nginx's answer (undefined: the server serves it), or the round to go on with. */
type RoundEnd = { answer: RuleMatch | undefined } | (Resume & { line: number });

/** What a request is matched with: the chosen server and, when given, what its root holds. */
interface Matching {
  server: NginxServer;
  files?: DocrootLookup;
}

/**
 * What nginx answers for a URL in a server: its server-level rewrite directives first, then the location its search
 * picks (locations.ts) and that location's directives, then (the root known) its content phase; looked up again
 * after an internal rewrite (`last`, or no flag) or redirect (`try_files`), at most {@link MAX_URI_CHANGES} times;
 * undefined when no rule answers (nginx serves the request itself).
 */
function answer(
  matching: Matching,
  url: URL,
  chosen: Omit<PickedServer<NginxServer>, 'server'>,
): RuleMatch | undefined {
  const state: RequestState = {
    url,
    uri: matchedUri(url, matching.server.mergeSlashes),
    args: url.search.slice(1),
    captures: [...chosen.captures],
    named: { ...chosen.named },
  };
  let asked = false;
  const root = matching.files ?? EMPTY_ROOT;
  const files: DocrootLookup = (uri) => {
    asked = true;
    return root(uri);
  };
  const found = rounds({ server: matching.server, files }, state);
  return matching.files === undefined && asked ? unknowable(found) : found;
}

/** The rounds of a request, until one answers or the URI changed too often (nginx's cycle, 500). */
function rounds(matching: Required<Matching>, state: RequestState): RuleMatch | undefined {
  let resume: Resume = { from: 'server' };
  for (let changes = 0; ; changes++) {
    const end = round(matching, state, resume);
    if ('answer' in end) return end.answer;
    if (changes === MAX_URI_CHANGES) return { line: end.line, status: 500 };
    resume = end;
  }
}

/**
 * Without the root, a request is answered as from an empty one: where a missing file makes a rule answer (a
 * `try_files` fallback, an `error_page 404`), the file may well exist on the real server, which then serves it, so
 * only a served answer is certain.
 */
function unknowable(found: RuleMatch | undefined): RuleMatch | undefined {
  if (found === undefined || 'problem' in found) return found;
  return {
    line: found.line,
    problem: "it answers when a file is missing from the server's root: only the server can tell (give --docroot)",
  };
}

/** One round: the server's rewrites (after an internal redirect), a location's, then the content phase. */
function round(matching: Required<Matching>, state: RequestState, resume: Resume): RoundEnd {
  const { server } = matching;
  if (resume.from === 'server') {
    const early = runPhase(server.actions, state);
    if ('answer' in early) return { answer: finished(server, early.answer, state.url) };
  }
  const location = resume.from === 'named' ? resume.location : located(server, state);
  if (location === undefined) return content(matching, undefined, state);
  const end = runPhase(location.actions, state);
  if ('answer' in end) return { answer: finished(server, end.answer, state.url) };
  if (end.next === 'lookup') return { from: 'find', line: end.line ?? location.line };
  return content(matching, location, state);
}

/** The location nginx's search picks for the request's URI, its regex's captures set. */
function located(server: NginxServer, state: RequestState): NginxLocation | undefined {
  const picked = pickLocation(server.locations, state.uri);
  if (picked === undefined) return undefined;
  // A prefix or exact location runs no regex: `$1` stays what the server name's regex captured.
  if (picked.location.regex !== undefined) state.captures = picked.captures;
  state.named = { ...state.named, ...(picked.groups ?? {}) };
  return picked.location;
}

/**
 * The content phase of a request no rewrite answered: without the root, only what is certain (see
 * {@link finished}); with it, `try_files` (the location's; the server's when no location took the request) or the
 * static module (content-phase.ts).
 */
function content(matching: Required<Matching>, location: NginxLocation | undefined, state: RequestState): RoundEnd {
  const { server, files } = matching;
  const tryFiles = location === undefined ? server.tryFiles : location.tryFiles;
  const end = tryFiles === undefined ? staticContent(state, files) : triedFiles(tryFiles, state, files);
  return contentAnswer(server, location, end, state.url);
}

/** A content phase's end as nginx answers it: a status through its `error_page`, a folder's slash, a hand-over. */
function contentAnswer(server: NginxServer, location: NginxLocation | undefined, end: ContentEnd, url: URL): RoundEnd {
  const line = location?.line ?? server.line;
  if ('problem' in end) return { answer: { line: end.line, problem: end.problem } };
  if ('internal' in end) return { from: 'server', line: end.line || line };
  if ('named' in end) {
    const named = server.named.get(end.named);
    if (named === undefined) return { answer: { line: end.line, problem: `no location ${end.named} in this server` } };
    return { from: 'named', location: named, line: end.line };
  }
  if ('slash' in end) {
    const target = server.absoluteRedirect ? `${url.protocol}//${url.host}${end.slash}` : end.slash;
    return { answer: { line, target, status: 301 } };
  }
  const page = server.errorPages.get(end.status);
  if (page !== undefined) return { answer: errorPageAnswer(page) };
  // Served, or refused as a server refuses a file it lacks: no rule answers.
  if ([200, 403, 404].includes(end.status)) return { answer: undefined };
  return { answer: { line, status: end.status } };
}

/**
 * A rule's answer as nginx sends it: an error status with an `error_page` becomes its redirect; a Location beginning
 * with `//` gets the request's origin under `absolute_redirect` (nginx's header filter does it).
 */
function finished(server: NginxServer, found: RuleMatch, url: URL): RuleMatch {
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
export function compileNginx(parsed: ParsedNginx, files?: DocrootLookup): CompiledRules {
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
      const matching = { server: picked.server, ...(files === undefined ? {} : { files }) };
      return answer(matching, url, { ...picked, named: { ...declared, ...picked.named } });
    },
    shadowing(url, line) {
      const server = serverOfLine.get(line);
      const matching = server === undefined ? undefined : { server, ...(files === undefined ? {} : { files }) };
      const found =
        matching === undefined ? undefined : answer(matching, url, { named: { ...declared }, captures: [] });
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
