/**
 * The crawl's store in a shared PostgreSQL (`hoplens crawl --worker`, `hoplens crawl report`): a second entry of the
 * crawl room, so that only those commands load the PostgreSQL client.
 */

export { isDatabaseFailure } from '../../database/index.js';
export { PgCrawlStore } from './pg-crawl-store.js';
export { joinSharedCrawl, openSharedCrawl, type SharedCrawl } from './shared-crawl.js';
