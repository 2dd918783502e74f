import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import type { SecureContext, TLSSocket } from 'node:tls';
import { buildConnector } from 'undici';
import type { CertificateVerdicts } from '../connection/certificate-verdicts.js';
import { OpeningConnection } from '../connection/connection-facts.js';
import type { ConnectionRoutes } from '../connection/connection-routes.js';
import { socketProblem, type TlsProblem } from '../connection/tls-problem.js';
import { HoplensError } from '../errors.js';
import type { Resolver } from '../types.js';
import type { AddressBook } from './book.js';
import type { HeldNames } from './held-names.js';
import type { AddressPolicy } from './policy.js';
import { describeAddress, rangePhrase } from './words.js';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The refusal of a name, saying in words what its address is (`AddressVerdict.range` is the data behind it). */
function blocked(hostname: string, address: string, what: string): HoplensError {
  return new HoplensError('BLOCKED_DESTINATION', `${hostname} resolves to ${address}, ${what}, not a public address`);
}

/**
 * A `lookup` for `net.connect` that asks `resolver` and refuses the name if any of its addresses is blocked, so a
 * name that mixes public and private answers cannot be used to reach the private one.
 */
export function createGuardedLookup(policy: AddressPolicy, resolver: Resolver) {
  return function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    const answer = async (): Promise<LookupAddress[]> => {
      if (policy.refusesName(hostname)) throw blocked(hostname, 'localhost', rangePhrase('loopback'));
      let addresses: LookupAddress[];
      try {
        addresses = await resolver(hostname);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'ENOTFOUND';
        throw Object.assign(new Error(`DNS lookup of ${hostname} failed: ${code}`, { cause: error }), { code });
      }
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = wanted === undefined ? addresses : addresses.filter((entry) => entry.family === wanted);
      if (usable.length === 0) {
        throw Object.assign(new Error(`DNS lookup of ${hostname} returned no address`), { code: 'ENOTFOUND' });
      }
      for (const entry of addresses) {
        const verdict = policy.check(entry.address);
        if (!verdict.allowed) throw blocked(hostname, entry.address, describeAddress(verdict));
      }
      return usable;
    };
    answer().then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * A connection for a name that went to another address than the one the name is held to (two lookups raced, or an
 * answer changed): refused as a reset connection, one of the network errors a hop already knows.
 */
function elsewhere(hostname: string, address: string, held: string | undefined): Error {
  const message =
    held === undefined
      ? `${hostname} connected to ${address}, but this analysis has met too many names to hold another`
      : `${hostname} connected to ${address}, but it is held to ${held}`;
  return Object.assign(new Error(message), { code: 'ECONNRESET' });
}

/**
 * The host (`name:port`, as in a URL's `host`) a connection is for: a request sent to the address its name is held to
 * (src/core/address/book.ts) connects to an IP literal, its name then the TLS server name.
 */
function originHost(requested: buildConnector.Options): string {
  const host = requested.host ?? requested.hostname;
  const servername = requested.servername;
  const literal = isIP(requested.hostname.replace(/^\[(.*)\]$/, '$1')) !== 0;
  if (!literal || !servername || isIP(servername) !== 0 || !host.startsWith(requested.hostname)) return host;
  return servername + host.slice(requested.hostname.length);
}

/** Options of {@link createGuardedConnector}. */
export interface GuardedConnectorOptions {
  policy: AddressPolicy;
  resolver: Resolver;
  /**
   * Bound on DNS lookup, TCP connect and TLS handshake, in ms. The hop's own signal fails the request on time; this
   * tears down the attempt itself.
   */
  connectTimeout: number;
  /** Offer HTTP/2 by ALPN (undici speaks it on a connection where the server chose it); default false. */
  allowH2?: boolean;
  /** TLS trust to use instead of Node's default (see `AnalyzerConfig.ca`); made with {@link legacyTls}. */
  secureContext?: SecureContext;
  /**
   * Where a connection whose certificate does not verify may still be used, its verdict recorded (`tls: 'report'`).
   * Without it, such a connection is closed and the attempt fails with the problem in words.
   */
  verdicts?: CertificateVerdicts;
  /**
   * `--resolve` and `--connect-to`: where connections go instead of where DNS says. The addresses they name are judged
   * by `policy` as a DNS answer is; TLS still checks the URL's own host name.
   */
  routes?: ConnectionRoutes;
  /**
   * One address per name (src/core/address/book.ts): a connection for a name already held to an address that went
   * elsewhere is closed unused, and the first connection for a name holds it. Without it (the shared pools, whose
   * connections serve many analyses), each analysis holds its hops' names itself (src/core/hop/sender.ts).
   */
  book?: AddressBook;
  /**
   * A shared pool's open connections by name (src/core/address/held-names.ts): while a name has one, new connections for it
   * go to the same address, so that an analysis holding the name to it can use the pool's connections.
   */
  held?: HeldNames;
}

/** An error carrying a certificate problem in words, for `toNetworkError` to turn into `TLS_ERROR`. */
type CertificateError = Error & { code: 'HOPLENS_CERTIFICATE'; tlsProblem: TlsProblem };

function certificateError(problem: TlsProblem): CertificateError {
  return Object.assign(new Error(problem.words), { code: 'HOPLENS_CERTIFICATE' as const, tlsProblem: problem });
}

/**
 * TLS settings that let a server offering only TLS 1.0 or 1.1 still be analysed (and flagged `tls_outdated`) instead
 * of failing the hop. Node's own minimum is TLS 1.2, and OpenSSL 3's default security level 1 refuses the SHA-1
 * signatures those versions sign the key exchange with, so both are lowered; the cipher list stays Node's. The price:
 * at level 0 OpenSSL no longer refuses a certificate for a weak key or a SHA-1 signature. Newer servers are unaffected,
 * since the highest version both sides support is negotiated.
 */
export function legacyTls(): { minVersion: 'TLSv1'; ciphers: string } {
  // Read when first needed: node:tls is loaded only by a run that makes an HTTPS connection.
  const { DEFAULT_CIPHERS } = process.getBuiltinModule('node:tls');
  return { minVersion: 'TLSv1', ciphers: `${DEFAULT_CIPHERS}:@SECLEVEL=0` };
}

/**
 * undici's own connector under the guarded lookup: one for plain connections and, made on the first HTTPS connection
 * (see {@link legacyTls}), one with the TLS settings. A given secure context already carries them (the analyzer makes
 * it so); tls.connect ignores them beside one.
 */
function baseConnector(options: GuardedConnectorOptions, resolver: Resolver): buildConnector.connector {
  const base = {
    timeout: options.connectTimeout,
    lookup: createGuardedLookup(options.policy, resolver),
    // Node's default; stated because the guarded lookup must answer `all: true` queries for it.
    autoSelectFamily: true,
    allowH2: options.allowH2 === true,
    // The certificate is judged by the guarded connector, from Node's own verdict on the handshake, so that a refusal
    // can name the expiry date or the names the certificate is for, and `tls: 'report'` can go on. Sessions are not
    // resumed: a resumed session skips the host name check, so one cached from a refused or reported connection would
    // pass.
    rejectUnauthorized: false,
    maxCachedSessions: 0,
  };
  const plain = buildConnector(base as buildConnector.BuildOptions);
  let secure: buildConnector.connector | undefined;
  return (connectOptions, callback) => {
    if (connectOptions.protocol !== 'https:') return plain(connectOptions, callback);
    secure ??= buildConnector({
      ...base,
      ...(options.secureContext === undefined ? legacyTls() : { secureContext: options.secureContext }),
    } as buildConnector.BuildOptions);
    return secure(connectOptions, callback);
  };
}

/**
 * Why a connection just made must not be used, if it must not: it closed before it could be checked, it reached a
 * blocked address, its name is held to another address (`book`, `held`), or its certificate does not verify (with
 * no `verdicts` to record that in). `name` is the host name it was opened for, after any `--connect-to` rule.
 */
function refusal(options: GuardedConnectorOptions, requested: ConnectOptions, name: string, socket: Socket) {
  const remote = socket.remoteAddress;
  if (remote === undefined) {
    // Closed before it could be checked: nothing is known about where it went, so it is not used.
    return Object.assign(new Error('socket closed while connecting'), { code: 'ECONNRESET' });
  }
  const verdict = options.policy.check(remote);
  if (!verdict.allowed) return blocked(requested.hostname, remote, describeAddress(verdict));
  if (options.book !== undefined && !options.book.pin(name, remote)) {
    return elsewhere(name, remote, options.book.addressOf(name));
  }
  if (requested.protocol === 'https:') {
    const problem = socketProblem(socket as TLSSocket, requested.servername || requested.hostname);
    if (problem !== undefined && options.verdicts === undefined) return certificateError(problem);
    options.verdicts?.record(originHost(requested), problem);
  }
  // Counted last, so that a connection refused above is never counted as open.
  if (options.held !== undefined && !options.held.opened(name, remote, socket)) {
    return elsewhere(name, remote, options.held.addressOf(name));
  }
  return undefined;
}

/**
 * Where a connection for `routed` goes: while `held` has open connections for its name, to their address (the name
 * kept as the TLS server name and Host), with no lookup; otherwise as asked.
 */
function heldTo(routed: ConnectOptions, held: HeldNames | undefined): ConnectOptions {
  const address = held?.addressOf(routed.hostname);
  if (address === undefined) return routed;
  return { ...routed, hostname: address, servername: routed.servername || routed.hostname };
}

/**
 * An undici connector that resolves names through the guarded lookup and checks the address the socket actually
 * connected to, so neither an IP literal that slipped past nor DNS rebinding can reach a blocked address.
 */
export function createGuardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const connectorFor = routedConnectors(options);
  return (requested, callback) => {
    const { connectOptions: routed, connect } = connectorFor(requested);
    const name = routed.hostname;
    const connectOptions = heldTo(routed, options.held);
    // An IP literal skips the lookup: judge it before connecting, so a refused address sees no connection at all
    // (a rendered page's requests reach here without the chain's own literal check in src/core/trace.ts).
    const literal = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) !== 0) {
      const verdict = options.policy.check(literal);
      if (!verdict.allowed) return callback(blocked(connectOptions.hostname, literal, describeAddress(verdict)), null);
    }
    // The clock starts before the connector runs (it begins the lookup synchronously). buildConnector returns the
    // socket it opens (its type says void), so the clock hears its events from the start: a socket reports nothing
    // synchronously.
    const opening = new OpeningConnection();
    const opened = connect(connectOptions, (error, socket) => {
      if (error !== null) return callback(error, null);
      const refused = refusal(options, requested, name, socket as Socket);
      if (refused !== undefined) {
        socket.destroy();
        return callback(refused, null);
      }
      opening.ready(socket as Socket, (socket as Socket).remoteAddress as string, connectOptions.protocol === 'https:');
      return callback(null, socket);
    }) as unknown as Socket | undefined;
    opening.watch(opened);
  };
}

type ConnectOptions = buildConnector.Options;

/**
 * For each request, where it connects (its `--connect-to` rule applied, SNI kept on the URL's host name) and the base
 * connector for that port, whose lookup answers with the port's `--resolve` rules: one connector per port, made when
 * first needed. Without rules, the request as it is and one connector.
 */
function routedConnectors(
  options: GuardedConnectorOptions,
): (requested: ConnectOptions) => { connectOptions: ConnectOptions; connect: buildConnector.connector } {
  const routes = options.routes;
  if (routes === undefined || routes.empty) {
    const connect = baseConnector(options, options.resolver);
    return (connectOptions) => ({ connectOptions, connect });
  }
  const byPort = new Map<number, buildConnector.connector>();
  return (requested) => {
    const port = Number(requested.port) || (requested.protocol === 'https:' ? 443 : 80);
    const target = routes.route(requested.hostname, port);
    let connect = byPort.get(target.port);
    if (connect === undefined) {
      connect = baseConnector(options, routes.resolverFor(target.port, options.resolver));
      byPort.set(target.port, connect);
    }
    const literal = requested.hostname.replace(/^\[(.*)\]$/, '$1');
    const servername = requested.servername || (isIP(literal) === 0 ? literal : undefined);
    const connectOptions: ConnectOptions = {
      ...requested,
      hostname: target.hostname,
      port: String(target.port),
      ...(servername === undefined ? {} : { servername }),
    };
    return { connectOptions, connect };
  };
}
