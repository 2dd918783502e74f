/**
 * Where connections go instead of where DNS says: curl's `--resolve` and `--connect-to`, so that a site can be
 * checked on the server it is moving to before its DNS moves. Only where the connection is made changes: the request
 * (Host, every URL of the chain) and TLS (SNI, the certificate's name check) keep the URL's own host name, as curl's
 * manual says of both options (https://curl.se/docs/manpage.html#--resolve, #--connect-to;
 * curl/curl docs/cmdline-opts/resolve.md and connect-to.md).
 */
import { isIP } from 'node:net';
import { invalidOption } from '../errors.js';
import type { ResolvedAddress, Resolver } from '../types.js';

/** `HOST:PORT:ADDRESS[,ADDRESS]`: connections to HOST on PORT use these addresses (HOST `*`: any host). */
interface ResolveEntry {
  readonly host: string;
  readonly port: number;
  readonly addresses: readonly ResolvedAddress[];
}

/** `HOST1:PORT1:HOST2:PORT2`: a request for HOST1 on PORT1 connects to HOST2 on PORT2; empty means any / the same. */
interface ConnectToEntry {
  readonly host: string;
  readonly port: number | undefined;
  readonly connectHost: string;
  readonly connectPort: number | undefined;
}

/** Where a connection goes: a host name or address, and a port. */
export interface ConnectionTarget {
  readonly hostname: string;
  readonly port: number;
}

/** A host as the rules compare it: lower case, an IPv6 literal without its brackets. */
function hostKey(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

function portOf(option: string, text: string, entry: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65_535)) throw invalidOption(option, 'must name a port from 1 to 65535', entry);
  return port;
}

const HOST = String.raw`(\[[^\]]*\]|[^:\[\]]*)`;
const RESOLVE = new RegExp(String.raw`^\+?${HOST}:(\d*):(.+)$`);
const CONNECT_TO = new RegExp(String.raw`^${HOST}:(\d*):${HOST}:(\d*)$`);

function parseResolve(entry: string): ResolveEntry {
  const match = RESOLVE.exec(entry);
  if (match === null || match[1] === '') {
    throw invalidOption('resolve', 'must be HOST:PORT:ADDRESS[,ADDRESS...]', entry);
  }
  const addresses = match[3]!.split(',').map((text): ResolvedAddress => {
    const address = text.trim().replace(/^\[(.*)\]$/, '$1');
    const family = isIP(address);
    if (family === 0) throw invalidOption('resolve', `must list IP addresses, and "${text}" is not one`, entry);
    return { address, family: family === 6 ? 6 : 4 };
  });
  return { host: hostKey(match[1]!), port: portOf('resolve', match[2]!, entry), addresses };
}

function parseConnectTo(entry: string): ConnectToEntry {
  const match = CONNECT_TO.exec(entry);
  if (match === null)
    throw invalidOption('connectTo', 'must be HOST1:PORT1:HOST2:PORT2 (each part may be empty)', entry);
  const optionalPort = (text: string) => (text === '' ? undefined : portOf('connectTo', text, entry));
  return {
    host: hostKey(match[1]!),
    port: optionalPort(match[2]!),
    connectHost: match[3]!.replace(/^\[(.*)\]$/, '$1'),
    connectPort: optionalPort(match[4]!),
  };
}

/** The `--resolve` and `--connect-to` rules of an analyzer, parsed once. */
export class ConnectionRoutes {
  private constructor(
    private readonly resolves: readonly ResolveEntry[],
    private readonly connectTos: readonly ConnectToEntry[],
  ) {}

  /** Parses curl-style entries; throws `INVALID_OPTION` (option `resolve` or `connectTo`) naming the bad one. */
  static parse(resolve: readonly string[] = [], connectTo: readonly string[] = []): ConnectionRoutes {
    if (!Array.isArray(resolve)) throw invalidOption('resolve', 'must be an array of strings', resolve);
    if (!Array.isArray(connectTo)) throw invalidOption('connectTo', 'must be an array of strings', connectTo);
    return new ConnectionRoutes(resolve.map(parseResolve), connectTo.map(parseConnectTo));
  }

  /** Whether there is no rule at all (connections go where DNS says). */
  get empty(): boolean {
    return this.resolves.length === 0 && this.connectTos.length === 0;
  }

  /** Where a request for `hostname`:`port` connects: the first `--connect-to` rule that matches, else itself. */
  route(hostname: string, port: number): ConnectionTarget {
    const host = hostKey(hostname);
    for (const rule of this.connectTos) {
      if ((rule.host === '' || rule.host === host) && (rule.port === undefined || rule.port === port)) {
        return { hostname: rule.connectHost === '' ? hostname : rule.connectHost, port: rule.connectPort ?? port };
      }
    }
    return { hostname, port };
  }

  /**
   * The resolver for connections on `port`: a name with a `--resolve` rule for that port gets its addresses (a rule
   * for the name before a `*` one, as curl orders them), any other name `resolver`'s answer.
   */
  resolverFor(port: number, resolver: Resolver): Resolver {
    const rules = this.resolves.filter((rule) => rule.port === port);
    if (rules.length === 0) return resolver;
    return async (hostname) => {
      const host = hostKey(hostname);
      const rule = rules.find((entry) => entry.host === host) ?? rules.find((entry) => entry.host === '*');
      return rule === undefined ? resolver(hostname) : rule.addresses.map((address) => ({ ...address }));
    };
  }
}
