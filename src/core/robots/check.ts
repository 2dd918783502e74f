import type { Dispatcher } from 'undici';
import { HoplensError } from '../errors.js';
import { ExpiringCache } from '../expiring-cache.js';
import { createGuardedFetch } from '../guarded-fetch.js';
import { fetchRobotsFile, type RobotsFile, type RobotsVerdict, robotsVerdict } from './file.js';

/** How many hosts' robots.txt an analyzer remembers, and for how long. */
export const ROBOTS_CACHE_DEFAULTS = Object.freeze({ maxEntries: 1000, ttlMs: 10 * 60 * 1000 });

/** What one robots.txt check needs from its analysis. */
export interface RobotsContext {
  /** The analysis's pool: the same address policy and TLS mode guard the robots.txt request. */
  readonly dispatcher: Dispatcher;
  /** Identifies the pool, so that a robots.txt read under one policy never answers an analysis under another. */
  readonly poolKey: string;
  readonly timeout: number;
  readonly userAgent: string;
  /** The product token whose group of the robots.txt is read (the `crawler` option), whatever `userAgent` says. */
  readonly crawler: string;
  /**
   * The analysis's request headers and cookie (`-H`, `--request-cookie`), sent for robots.txt too: a site behind a
   * staging gate (a cookie, a header) answers robots.txt only to a request that passes it, as it does the page.
   */
  readonly requestHeaders?: Readonly<Record<string, string>>;
  readonly requestCookie?: string;
  readonly signal?: AbortSignal | undefined;
}

/** The part of the cache key the request adds: a file read with one gate's headers never answers another's. */
function requestKey(context: RobotsContext): string {
  const headers = context.requestHeaders ?? {};
  if (Object.keys(headers).length === 0 && (context.requestCookie ?? '') === '') return '';
  return JSON.stringify([Object.entries(headers).sort(), context.requestCookie ?? '']);
}

/** The robots.txt request's headers: the analysis's own, then the cookie, then the User-Agent and Accept of a crawler. */
function robotsHeaders(context: RobotsContext): Record<string, string> {
  const cookie = context.requestCookie ?? '';
  return {
    ...context.requestHeaders,
    ...(cookie === '' ? {} : { cookie }),
    'user-agent': context.userAgent,
    accept: 'text/plain',
  };
}

/** Waits for `promise`, or rejects with `ABORTED` as soon as `signal` aborts (the promise itself runs on). */
/**
 * The origin of an http(s) URL, or undefined for another scheme or a URL that does not parse. A URL the parser
 * wrote (a hop's) is already canonical, so its origin is its text up to the path, unless it carries credentials;
 * this runs for every analysis of a bulk check.
 */
function httpOrigin(url: string): string | undefined {
  const canonical = /^https?:\/\/[^/?#@]+(?=[/?#]|$)/.exec(url);
  if (canonical !== null) return canonical[0];
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The failure is the waiting analyses' to report (through the promise they await), not this copy's. */
const ignoreFailure = () => undefined;

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(new HoplensError('ABORTED', 'The analysis was aborted'));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new HoplensError('ABORTED', 'The analysis was aborted'));
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Reads final URLs against their host's robots.txt, fetched once per origin (and pool) and kept for a while: a bulk
 * check of a thousand URLs on one site costs one robots.txt request, not a thousand.
 */
/** A robots.txt being read, and the file once it has been (then an analysis need not wait on the promise). */
interface CachedFile {
  promise: Promise<RobotsFile>;
  file?: RobotsFile;
}

export class RobotsCheck {
  private readonly cache: ExpiringCache<CachedFile>;

  constructor(options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}) {
    this.cache = new ExpiringCache({
      maxEntries: options.maxEntries ?? ROBOTS_CACHE_DEFAULTS.maxEntries,
      ttlMs: options.ttlMs ?? ROBOTS_CACHE_DEFAULTS.ttlMs,
      ...(options.now === undefined ? {} : { now: options.now }),
    });
  }

  /**
   * Why the crawler `context.crawler` may not crawl `url`, or undefined when it may (or `url` is not http(s)).
   * Answered at once, without a promise, when the host's robots.txt has already been read: a bulk check's rows on one
   * host then cost no turn of the event loop for it.
   */
  verdict(url: string, context: RobotsContext): RobotsVerdict | undefined | Promise<RobotsVerdict | undefined> {
    const origin = httpOrigin(url);
    if (origin === undefined) return undefined;
    const key = `${context.poolKey}|${requestKey(context)}|${origin}`;
    let cached = this.cache.get(key);
    if (cached === undefined) {
      // Shared by every analysis asking meanwhile, so it listens to none of their signals: the hop timeout bounds it.
      // One hop timeout for the whole read, redirects included: robots.txt never adds more than that to an analysis.
      const deadline = AbortSignal.timeout(context.timeout);
      const fetch = createGuardedFetch({ dispatcher: context.dispatcher, timeout: context.timeout, signal: deadline });
      const entry: CachedFile = { promise: fetchRobotsFile(origin, robotsHeaders(context), fetch) };
      // Once read, the file is used as it is: a bulk check's thousands of rows on one host wait on nothing.
      entry.promise.then((file) => {
        entry.file = file;
      }, ignoreFailure);
      cached = entry;
      this.cache.set(key, cached);
    }
    const token = context.crawler;
    if (cached.file !== undefined) return robotsVerdict(cached.file, url, token);
    return untilAborted(cached.promise, context.signal).then((file) => robotsVerdict(file, url, token));
  }
}
