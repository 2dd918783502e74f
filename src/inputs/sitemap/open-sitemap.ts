import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  type AnalyzeOptions,
  Analyzer,
  type AnalyzerConfig,
  isHoplensError,
  type StreamedResponse,
} from '../../core/index.js';
import { malformedInput, unreadableInput } from '../errors.js';
import { gunzippedBytes } from '../text/gunzipped-bytes.js';

/**
 * How long a sitemap's server may take to start answering, and the longest wait for body bytes being read, unless
 * the caller's fetch says otherwise: a sitemap made on request can take longer than a page.
 */
export const SITEMAP_TIMEOUT_MS = 30_000;

/**
 * The most a sitemap may hold once uncompressed: the sitemaps protocol's own limit of 50 MB per file
 * (https://www.sitemaps.org/protocol.html, "Sitemap file location" and "Using Sitemap index files"). A small gzip
 * file can expand a thousandfold, so the cap is counted on the decoded bytes.
 */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** Options of {@link openSitemap}. */
export interface OpenSitemapOptions {
  /** Aborts the fetch of a sitemap URL. */
  signal?: AbortSignal | undefined;
  /** The most bytes the sitemap may hold uncompressed (default {@link SITEMAP_MAX_BYTES}). */
  maxBytes?: number | undefined;
  /** Certificate authorities (PEM) trusted besides Node's roots for an https sitemap: the command's `--ca`. */
  ca?: readonly string[] | undefined;
  /**
   * How a sitemap URL is fetched: the command's analyzer and options (its address policy, `--resolve`,
   * `--connect-to`, request headers), so that the sitemap is reached as its rows are. Default: an analyzer of its
   * own trusting `ca`, with no address refused (the sitemap is the user's own input, as a file would be).
   */
  fetch?: SitemapFetch | undefined;
}

/** A GET of a sitemap URL through the core's guarded stream (`Analyzer.stream`): redirects followed, body streamed. */
export type SitemapFetch = (
  url: string,
  request: { accept: string; signal?: AbortSignal | undefined },
) => Promise<StreamedResponse>;

/**
 * Sitemaps that came from the network. Their content is a stranger's: an index among them may name only http(s)
 * children, never a local file (src/inputs/sitemap/read-sitemap.ts).
 */
const FETCHED = new WeakSet<Readable>();

/** Whether the sitemap stream was fetched from an http(s) URL rather than read from a file or standard input. */
export function isFetchedSitemap(stream: Readable): boolean {
  return FETCHED.has(stream);
}

/** `derived` (a stream over `stream`'s bytes, decoded) marked as fetched when `stream` was: its content is as foreign. */
export function fetchedLike(stream: Readable, derived: Readable): Readable {
  if (FETCHED.has(stream)) FETCHED.add(derived);
  return derived;
}

/** Whether an input names an http(s) URL rather than a file. */
export function isHttpLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/**
 * The stream's bytes, gunzipped when they are gzip (told by the first bytes, not the name: ../text/gunzipped-bytes.ts),
 * refused past `maxBytes` decoded: the stream ends at the cap, so a bomb is never inflated past it.
 */
export function gunzipWhenCompressed(
  source: AsyncIterable<Uint8Array | string>,
  location = 'the sitemap',
  maxBytes = SITEMAP_MAX_BYTES,
): Readable {
  async function* counted(): AsyncGenerator<Buffer> {
    let total = 0;
    for await (const chunk of gunzippedBytes(source)) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge(location, maxBytes);
      yield chunk;
    }
  }
  return Readable.from(counted());
}

/** The error of a sitemap over the cap, naming the cap and how to raise it. */
function tooLarge(location: string, maxBytes: number) {
  const size = maxBytes % (1024 * 1024) === 0 ? `${maxBytes / (1024 * 1024)} MB` : `${maxBytes} bytes`;
  return malformedInput(
    `${location} is larger than ${size} uncompressed (the sitemaps protocol's limit per file; --sitemap-max-size raises it)`,
  );
}

/** The Accept header of a sitemap's GET. */
const SITEMAP_ACCEPT = 'application/xml, text/xml;q=0.9, */*;q=0.1';

/**
 * Opens a sitemap for reading: a file, or an http(s) URL fetched with a GET through the core
 * ({@link OpenSitemapOptions.fetch}; redirects are followed). Gzip is undone either way. Throws `INPUT_UNREADABLE` for
 * a missing file or a URL that does not answer 2xx.
 */
export async function openSitemap(location: string, options: OpenSitemapOptions = {}): Promise<Readable> {
  const { signal, maxBytes } = options;
  if (!isHttpLocation(location)) return openSitemapFile(location, maxBytes);
  const fetch = options.fetch ?? sitemapFetchThrough(options.ca === undefined ? {} : { ca: options.ca });
  let response: StreamedResponse;
  try {
    response = await fetch(location, { accept: SITEMAP_ACCEPT, signal });
  } catch (error) {
    if (!isHoplensError(error)) throw error;
    throw unreadableInput(`cannot fetch ${location}: ${error.message}`, error);
  }
  if (response.status < 200 || response.status > 299) {
    await response.body.dump().catch(() => {});
    const after = response.redirects === 0 ? '' : ` after ${response.redirects} redirects`;
    throw unreadableInput(`cannot fetch ${location}: it answered ${response.status}${after}`);
  }
  const stream = gunzipWhenCompressed(response.body, location, maxBytes);
  // Stopping the reader (a run that ended early) lets go of the connection; undici's body then fails with the
  // AbortError of our own stop, which nobody is left to hear.
  stream.once('close', () => {
    if (response.body.readableEnded) return;
    response.body.once('error', () => {});
    response.body.destroy();
  });
  FETCHED.add(stream);
  return stream;
}

/** A sitemap file, checked to be a readable file before any work. */
async function openSitemapFile(location: string, maxBytes: number | undefined): Promise<Readable> {
  try {
    if ((await stat(location)).isDirectory()) throw new Error('is a directory');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw unreadableInput(`cannot read ${location}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  return gunzipWhenCompressed(createReadStream(location), location, maxBytes);
}

/**
 * A sitemap fetch through an analyzer of its own made with `config` (`--ca`, `--resolve`, `--connect-to`), under
 * `options` (the address policy, TLS mode, request headers; default: no address refused, as for the user's own
 * input). Each fetch's analyzer is closed when its body is done with. `config` must hold no renderer: the analyzer
 * would close it.
 */
export function sitemapFetchThrough(
  config: Omit<AnalyzerConfig, 'renderer'>,
  options: Omit<AnalyzeOptions, 'policy' | 'signal'> = { blockPrivate: false },
): SitemapFetch {
  return async (url, request) => {
    const analyzer = new Analyzer(config);
    try {
      const prepared = analyzer.prepare(url, options);
      const response = await analyzer.stream(prepared, { ...request, timeout: SITEMAP_TIMEOUT_MS });
      response.body.once('close', () => void analyzer.close());
      return response;
    } catch (error) {
      await analyzer.close();
      throw error;
    }
  };
}
