/**
 * Where the monitors view lives: `/monitors` (the list) and `/monitors/{id}` (one monitor's history), the addresses
 * the service serves the page at and its alerts link to (src/monitor/alerts/message.ts); `/#/monitors...` as well.
 */

/** A place in the monitors view; `new` is the form creating one (`/monitors/new?url=...` fills it in). */
export type MonitorsRoute = { view: 'list' } | { view: 'new' } | { view: 'import' } | { view: 'monitor'; id: string };

/** The monitors view an address points at, or undefined when it is the analyzer's. */
export function monitorsRoute(pathname: string, hash: string): MonitorsRoute | undefined {
  const path = hash.startsWith('#/monitors') ? hash.slice(1) : pathname;
  const match = /^\/monitors(?:\/([^/?#]*)\/?)?$/.exec(path);
  if (match === null) return undefined;
  if (match[1] === undefined || match[1] === '') return { view: 'list' };
  // Monitor ids are UUIDs: `new` and `import` are never one.
  if (match[1] === 'new') return { view: 'new' };
  if (match[1] === 'import') return { view: 'import' };
  try {
    return { view: 'monitor', id: decodeURIComponent(match[1]) };
  } catch {
    return { view: 'list' };
  }
}

/** The path of a place, as links and the address bar show it. */
export function pathOf(route: MonitorsRoute): string {
  if (route.view === 'list') return '/monitors';
  if (route.view === 'new' || route.view === 'import') return `/monitors/${route.view}`;
  return `/monitors/${encodeURIComponent(route.id)}`;
}
