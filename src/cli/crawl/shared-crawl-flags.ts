/**
 * The flags of a crawl shared by several processes through PostgreSQL (`DATABASE_URL`): `crawl --worker` and `crawl
 * report` (docs/crawl.md, "Past one machine").
 */
import type { Command } from 'commander';
import { integerFlag } from '../analysis-options.js';
import { invalidFlag } from '../errors.js';

/** `--lease`'s default, in seconds: long enough for a slow page, short enough that a lost worker's pages soon return. */
export const DEFAULT_LEASE_S = 60;

export interface SharedCrawlFlags {
  /** Join (or start) the crawl in `DATABASE_URL`'s PostgreSQL instead of crawling alone. */
  worker?: boolean;
  /** The shared crawl's name (default: its start URLs). */
  crawlId?: string;
  /** Seconds a worker's claim on a page lasts without renewal. */
  lease?: string;
}

const WORKER_HELP = `
Several processes, on one machine or many (docs/crawl.md, "Past one machine"):
  $ DATABASE_URL=postgres://db/hoplens hoplens crawl https://www.example.com/ --worker --crawl-id example
  $ DATABASE_URL=postgres://db/hoplens hoplens crawl report --crawl-id example --format json -o crawl.json
`;

/** Declares `--worker`, `--crawl-id` and `--lease` on `hoplens crawl`. */
export function addWorkerOptions(command: Command): Command {
  return command
    .option('--worker', "join (or start) the crawl kept in DATABASE_URL's PostgreSQL, shared with other workers")
    .option('--crawl-id <id>', 'with --worker: the shared crawl to join (default: named by its start URLs)')
    .option(
      '--lease <s>',
      `with --worker: seconds a worker's claim on a page lasts unrenewed; a killed worker's pages come back after it (default ${DEFAULT_LEASE_S})`,
    )
    .addHelpText('after', WORKER_HELP);
}

/** The crawl's name: `--crawl-id`, or its start URLs as given (sorted, so that their order does not matter). */
export function crawlIdOf(flags: SharedCrawlFlags, startUrls: readonly string[]): string {
  const given = flags.crawlId?.trim();
  if (flags.crawlId !== undefined && (given === undefined || given === '' || given.length > 200)) {
    throw invalidFlag('--crawl-id', 'must be 1 to 200 characters', JSON.stringify(flags.crawlId));
  }
  return given ?? [...startUrls].sort().join(' ');
}

/** `--lease` in milliseconds. */
export function leaseMsOf(flags: SharedCrawlFlags): number {
  return (integerFlag('--lease', flags.lease, 1, 86_400) ?? DEFAULT_LEASE_S) * 1000;
}
