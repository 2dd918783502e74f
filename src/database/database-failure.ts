import pg from 'pg';

/** The network errors of a connection to the server: it is down, restarting, or out of reach. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether an error is the database failing (the server's refusal, a connection refused or cut, as by a restart)
 * rather than a fault of hoplens: what a caller reports as the database's, with the server's words, not as a bug.
 * `pg` gives a cut connection as a plain Error with these messages (its client.js and pool).
 */
export function isDatabaseFailure(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return /^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(error.message);
}
