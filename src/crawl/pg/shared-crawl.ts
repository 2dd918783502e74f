import { migrateSchema, openPgDatabase } from '../../database/index.js';
import { PgCrawlStore } from './pg-crawl-store.js';
import { CRAWL_SCHEMA } from './schema.js';

/** A crawl in the shared PostgreSQL, as one worker (or the report) opens it. */
export interface SharedCrawl<Settings> {
  store: PgCrawlStore;
  /** The settings the crawl was started with: every worker uses these, whatever its own command line said. */
  settings: Settings;
  /** Whether this call started the crawl (false: it joined one another worker had started). */
  started: boolean;
}

/** Connections a worker keeps: its fetches and analyses share them with the lease renewals. */
const WORKER_POOL = 8;

/**
 * Joins the crawl `crawlId` in the database at `databaseUrl`, starting it with `settings` if no worker has: the
 * first worker's settings are stored once, so that every worker crawls the same scope within the same limits.
 * Migrates the crawl's tables first (several workers may start at once: the migration takes an advisory lock).
 */
export async function joinSharedCrawl<Settings>(
  databaseUrl: string,
  crawlId: string,
  settings: Settings,
): Promise<SharedCrawl<Settings>> {
  const db = openPgDatabase(databaseUrl, WORKER_POOL);
  try {
    await migrateSchema(db, CRAWL_SCHEMA);
    const inserted = await db.query(
      'INSERT INTO hoplens_crawls (id, settings) VALUES ($1, $2::json) ON CONFLICT (id) DO NOTHING RETURNING id',
      [crawlId, JSON.stringify(settings)],
    );
    const [row] = await db.query<{ settings: Settings }>('SELECT settings FROM hoplens_crawls WHERE id = $1', [
      crawlId,
    ]);
    return { store: new PgCrawlStore(db, crawlId), settings: row?.settings ?? settings, started: inserted.length > 0 };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Opens the crawl `crawlId` to read its records (`hoplens crawl report`); undefined when there is no such crawl. */
export async function openSharedCrawl<Settings>(
  databaseUrl: string,
  crawlId: string,
): Promise<Omit<SharedCrawl<Settings>, 'started'> | undefined> {
  const db = openPgDatabase(databaseUrl, 2);
  try {
    await migrateSchema(db, CRAWL_SCHEMA);
    const [row] = await db.query<{ settings: Settings }>('SELECT settings FROM hoplens_crawls WHERE id = $1', [
      crawlId,
    ]);
    if (row === undefined) {
      await db.close();
      return undefined;
    }
    return { store: new PgCrawlStore(db, crawlId), settings: row.settings };
  } catch (error) {
    await db.close();
    throw error;
  }
}
