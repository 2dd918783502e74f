import type { ServerRegex } from '../../patterns/server-regex.js';

/**
 * What picks a `server` block for a request: its `listen` ports, whether it is the port's `default_server`, and its
 * `server_name` entries (exact, `*.x` / `.x` / `x.*` wildcards, `~regex` compiled).
 */
export interface ServerChoice {
  ports: number[];
  defaultServer: boolean;
  names: string[];
  regexNames: ServerRegex[];
}

/** The port of a `listen` directive's first argument (`80`, `127.0.0.1:8080`, `[::]:443`); 80 when it names none. */
export function listenPort(address: string): number {
  const port = /(?:^|:)(\d+)$/.exec(address)?.[1];
  return port === undefined ? 80 : Number(port);
}

/** How long a wildcard name's match is (longer wins), or -1 when it does not name the host. */
function leadingWildcard(name: string, host: string): number {
  if (name.startsWith('*.')) return host.endsWith(name.slice(1)) ? name.length : -1;
  if (name.startsWith('.')) return host === name.slice(1) || host.endsWith(name) ? name.length : -1;
  return -1;
}

function trailingWildcard(name: string, host: string): number {
  return name.endsWith('.*') && host.startsWith(name.slice(0, -1)) ? name.length : -1;
}

function longest<T extends ServerChoice>(servers: readonly T[], score: (name: string) => number): T | undefined {
  let best: T | undefined;
  let bestScore = -1;
  for (const server of servers) {
    for (const name of server.names) {
      const value = score(name);
      if (value > bestScore) [best, bestScore] = [server, value];
    }
  }
  return best;
}

/** The server answering a request, with the named captures of the regex name that chose it. */
export interface PickedServer<T> {
  server: T;
  named: Record<string, string>;
  /** The regex name's numbered captures: `$1` in the server's directives is the server name's until a regex matches. */
  captures: Array<string | undefined>;
}

/**
 * nginx's choice of a server (https://nginx.org/en/docs/http/server_names.html, request_processing.html): among the
 * blocks listening on the request's port (all, when none does), the exact name, else the longest wildcard starting
 * with `*`, else the longest ending with `*`, else the first regex in file order; else the port's `default_server`,
 * else the first block listening there.
 */
export function pickServer<T extends ServerChoice>(servers: readonly T[], url: URL): PickedServer<T> {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const listening = servers.filter((server) => server.ports.includes(port));
  const candidates = listening.length > 0 ? listening : servers;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const exact = candidates.find((server) => server.names.some((name) => name.toLowerCase() === host));
  const wildcard =
    exact ??
    longest(candidates, (name) => leadingWildcard(name.toLowerCase(), host)) ??
    longest(candidates, (name) => trailingWildcard(name.toLowerCase(), host));
  if (wildcard !== undefined) return { server: wildcard, named: {}, captures: [] };
  for (const server of candidates) {
    for (const regex of server.regexNames) {
      const found = regex.exec(host);
      if (found !== null) return { server, named: { ...(found.groups ?? {}) }, captures: [...found] };
    }
  }
  return { server: candidates.find((server) => server.defaultServer) ?? candidates[0]!, named: {}, captures: [] };
}
