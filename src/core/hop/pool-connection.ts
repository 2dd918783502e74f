import type { buildConnector, Dispatcher } from 'undici';

/**
 * The guarded connector a pool opens its connections with, for the one request that must go around the pool's own
 * client (src/core/hop/lenient-request.ts) yet reach the network only as the pool would: same address policy, same
 * pinned names, same TLS verdicts and connect timeout.
 */
export interface PoolConnection {
  readonly connect: buildConnector.connector;
  readonly maxHeaderSize?: number | undefined;
}

/** By pool: an entry goes with its pool. */
const CONNECTIONS = new WeakMap<Dispatcher, PoolConnection>();

/** Records how `pool` connects (the analyzer does, for each pool it makes). */
export function recordPoolConnection(pool: Dispatcher, connection: PoolConnection): void {
  CONNECTIONS.set(pool, connection);
}

/** How `pool` connects, when it is one of the analyzer's (a dispatcher given by a test has none). */
export function poolConnection(pool: Dispatcher): PoolConnection | undefined {
  return CONNECTIONS.get(pool);
}
