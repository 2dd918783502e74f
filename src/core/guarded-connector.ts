import { AsyncLocalStorage } from 'node:async_hooks';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Socket } from 'node:net';
import type { SecureContext } from 'node:tls';
import { buildConnector } from 'undici';
import { HoplensError } from './errors.js';
import type { AddressPolicy } from './ssrf-guard.js';
import type { Resolver } from './types.js';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function blocked(hostname: string, address: string, range: string): HoplensError {
  return new HoplensError(
    'BLOCKED_DESTINATION',
    `${hostname} resolves to ${address} (${range}), which is not a public address`,
  );
}

/**
 * A `lookup` for `net.connect` that asks `resolver` and refuses the name if any of its addresses is blocked, so a
 * name that mixes public and private answers cannot be used to reach the private one.
 */
export function createGuardedLookup(policy: AddressPolicy, resolver: Resolver) {
  return function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    const answer = async (): Promise<LookupAddress[]> => {
      if (policy.refusesName(hostname)) throw blocked(hostname, 'localhost', 'loopback');
      let addresses: LookupAddress[];
      try {
        addresses = await resolver(hostname);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'ENOTFOUND';
        throw Object.assign(new Error(`DNS lookup of ${hostname} failed: ${code}`, { cause: error }), {
          code,
          hoplensDns: true,
        });
      }
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = wanted === undefined ? addresses : addresses.filter((entry) => entry.family === wanted);
      if (usable.length === 0) {
        throw Object.assign(new Error(`DNS lookup of ${hostname} returned no address`), {
          code: 'ENOTFOUND',
          hoplensDns: true,
        });
      }
      for (const entry of addresses) {
        const verdict = policy.check(entry.address);
        if (!verdict.allowed) throw blocked(hostname, entry.address, verdict.range);
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

/** Options of {@link createGuardedConnector}. */
export interface GuardedConnectorOptions {
  policy: AddressPolicy;
  resolver: Resolver;
  /** Connect timeout in milliseconds (each hop is bounded by its own signal as well). */
  connectTimeout: number;
  /** TLS trust to use instead of Node's default (see `AnalyzerConfig.ca`). */
  secureContext?: SecureContext;
}

/**
 * The deadline of the hop whose request is being dispatched. undici opens a connection from inside the dispatch of
 * the request that needs it (synchronously or in a microtask), so the connector sees that hop's signal here.
 */
const hopSignal = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `dispatch` (which sends one request) so that a connection it opens is torn down when `signal` aborts before the
 * connection is up. undici itself only acts on an abort once a request has a connection, which would let a hanging
 * lookup or TLS handshake hold a socket until the connector's own (pool-wide) timeout.
 */
export function withConnectDeadline<T>(signal: AbortSignal, dispatch: () => T): T {
  return hopSignal.run(signal, dispatch);
}

/**
 * An undici connector that resolves names through the guarded lookup and checks the address the socket actually
 * connected to, so neither an IP literal that slipped past nor DNS rebinding can reach a blocked address.
 */
export function createGuardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const connect = buildConnector({
    timeout: options.connectTimeout,
    lookup: createGuardedLookup(options.policy, options.resolver),
    // Node's default; stated because the guarded lookup must answer `all: true` queries for it.
    autoSelectFamily: true,
    ...(options.secureContext === undefined ? {} : { secureContext: options.secureContext }),
  } as buildConnector.BuildOptions);
  // buildConnector returns the socket it is connecting, though its types say void.
  const open = connect as (...args: Parameters<typeof connect>) => Socket | undefined;
  return (connectOptions, callback) => {
    const deadline = hopSignal.getStore();
    let onDeadline: (() => void) | undefined;
    const pending = open(connectOptions, (error, socket) => {
      if (onDeadline !== undefined) deadline?.removeEventListener('abort', onDeadline);
      if (error !== null) return callback(error, null);
      const remote = (socket as Socket).remoteAddress;
      if (remote === undefined) {
        // Closed before it could be checked: nothing is known about where it went, so it is not used.
        socket.destroy();
        return callback(Object.assign(new Error('socket closed while connecting'), { code: 'ECONNRESET' }), null);
      }
      const verdict = options.policy.check(remote);
      if (!verdict.allowed) {
        socket.destroy();
        return callback(blocked(connectOptions.hostname, remote, verdict.range), null);
      }
      return callback(null, socket);
    });
    // An already-aborted signal is not that of the request this connection is for (a late reconnect runs in the
    // context of an older event): ignore it rather than guess. Without the socket, the hop's own signal still bounds
    // the wait and only the cleanup is left to the connect timeout.
    if (deadline !== undefined && !deadline.aborted && typeof pending?.destroy === 'function') {
      onDeadline = () => pending.destroy(deadline.reason instanceof Error ? deadline.reason : undefined);
      deadline.addEventListener('abort', onDeadline, { once: true });
    }
  };
}
