import type { ServerRegex } from '../../patterns/server-regex.js';
import type { NginxAction } from './actions.js';
import type { TryFiles } from './content-phase.js';

/** A `location` block: its match, the rewrite-module directives written directly in it, and its nested locations. */
export interface NginxLocation {
  modifier: '' | '=' | '^~' | '~' | '~*';
  uri: string;
  line: number;
  regex?: ServerRegex;
  actions: NginxAction[];
  nested: LocationLevel;
  /** The location's own `try_files`, if any. */
  tryFiles?: TryFiles;
}

/** The locations of one level (a server, or a location's nested ones): exact and prefix ones looked up, regexes tried. */
export interface LocationLevel {
  exact: Map<string, NginxLocation>;
  prefixes: Map<string, NginxLocation>;
  regexes: NginxLocation[];
}

export function emptyLevel(): LocationLevel {
  return { exact: new Map(), prefixes: new Map(), regexes: [] };
}

/** Adds a location to its level; a repeated exact or prefix location keeps the first (nginx refuses the file). */
export function addLocation(level: LocationLevel, location: NginxLocation): void {
  if (location.regex !== undefined) {
    level.regexes.push(location);
    return;
  }
  const index = location.modifier === '=' ? level.exact : level.prefixes;
  if (!index.has(location.uri)) index.set(location.uri, location);
}

/** The location chosen for a URI, with the captures of the regex that chose it. */
export interface PickedLocation {
  location: NginxLocation;
  captures: Array<string | undefined>;
  groups?: Record<string, string>;
}

/** A level's search: what it found, and whether the search ends there (an exact or a regex match). */
interface LevelSearch {
  found?: PickedLocation;
  final: boolean;
}

function longestPrefix(level: LocationLevel, path: string): NginxLocation | undefined {
  for (let length = path.length; length > 0; length--) {
    const found = level.prefixes.get(path.slice(0, length));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * nginx's location search on one level, as ngx_http_core_find_location does it: an exact match ends the search; else
 * the longest prefix is remembered and its nested locations searched first (a regex nested in it is tried before the
 * regexes of this level); unless that prefix is `^~`, this level's regexes are then tried in file order, the first
 * match (its own nested locations searched in turn) ending the search; else the remembered prefix answers.
 */
function searchLevel(level: LocationLevel, path: string): LevelSearch {
  const exact = level.exact.get(path);
  if (exact !== undefined) return { found: { location: exact, captures: [] }, final: true };
  const prefix = longestPrefix(level, path);
  let found: PickedLocation | undefined = prefix === undefined ? undefined : { location: prefix, captures: [] };
  if (prefix !== undefined) {
    const inner = searchLevel(prefix.nested, path);
    if (inner.final) return inner;
    found = inner.found ?? found;
  }
  if (prefix?.modifier === '^~') return { ...(found === undefined ? {} : { found }), final: false };
  for (const location of level.regexes) {
    const match = location.regex!.exec(path);
    if (match === null) continue;
    const picked: PickedLocation = { location, captures: [...match] };
    if (match.groups !== undefined) picked.groups = { ...match.groups };
    return { found: searchLevel(location.nested, path).found ?? picked, final: true };
  }
  return { ...(found === undefined ? {} : { found }), final: false };
}

/** The location nginx picks for a (decoded, normalised) URI among a server's locations. */
export function pickLocation(level: LocationLevel, path: string): PickedLocation | undefined {
  return searchLevel(level, path).found;
}
