import { cliError } from '../errors.js';
import type { CliIo } from '../io.js';

const EXAMPLE = 'postgres://user@db:5432/hoplens';

/**
 * `DATABASE_URL`, which a shared crawl (`crawl --worker`, `crawl report`) needs: the same variable, with the same
 * schemes, as the service's monitors read (src/service/config.ts).
 */
export function databaseUrl(io: CliIo, command: string): string {
  const value = io.env.DATABASE_URL?.trim();
  if (value === undefined || value === '') {
    throw cliError('USAGE_ERROR', `${command} needs DATABASE_URL: the PostgreSQL the workers share (${EXAMPLE})`);
  }
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw cliError('USAGE_ERROR', `DATABASE_URL must be a URL such as ${EXAMPLE}`);
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw cliError('USAGE_ERROR', `DATABASE_URL must use postgres: or postgresql:, not ${protocol}`);
  }
  return value;
}

/**
 * A failure to reach the database, as the CLI reports it: the server's own words, without the URL (it may hold a
 * password).
 */
export function databaseUnavailable(error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return cliError('DATABASE_UNAVAILABLE', `cannot use DATABASE_URL's PostgreSQL: ${reason}`, {}, { cause: error });
}
