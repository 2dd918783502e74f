import { defineErrors, type HoplensError, type HoplensErrorDetails } from '../core/index.js';

/**
 * The codes the crawl raises, each with what it means (`hoplens explain CODE`); the CLI maps them to exit statuses in
 * src/cli/exit-codes.ts.
 */
export const CRAWL_ERROR_WORDS = Object.freeze({
  CRAWL_STATE_MISSING:
    'A directory given as a crawl state (hoplens compare, suggest, crawl --resume) holds no crawl state: no state.json.',
  CRAWL_STATE_OUTDATED:
    'A crawl state written by another version of hoplens (before state version 2, or a newer one): crawl the site again with --state.',
});

/** A code the crawl raises. */
export type CrawlErrorCode = keyof typeof CRAWL_ERROR_WORDS;

/** The codes the crawl raises. */
export const CRAWL_ERROR_CODES: readonly CrawlErrorCode[] = Object.freeze(
  Object.keys(CRAWL_ERROR_WORDS) as CrawlErrorCode[],
);

/** An error the crawl raised. */
export type CrawlError = HoplensError<CrawlErrorCode, HoplensErrorDetails>;

const CRAWL_ERRORS = defineErrors<CrawlErrorCode, HoplensErrorDetails>(CRAWL_ERROR_CODES);

/** Makes a crawl error. */
export const crawlError = CRAWL_ERRORS.make;

/** Whether `value` is an error the crawl raised. */
export const isCrawlError = CRAWL_ERRORS.is;
