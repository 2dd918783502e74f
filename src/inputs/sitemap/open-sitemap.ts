import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { Agent, fetch } from 'undici';
import { malformedInput, unreadableInput } from '../errors.js';
import { gunzippedBytes } from '../text/gunzipped-bytes.js';

/** How long a sitemap's server may take to start answering, and the longest wait between two parts of its body. */
const SITEMAP_TIMEOUT_MS = 30_000;

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
}

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

/**
 * Opens a sitemap for reading: a file, or an http(s) URL fetched with a plain GET (it is the user's own input, as a
 * file would be; redirects are followed). Gzip is undone either way. Throws `INPUT_UNREADABLE` for a missing file or a
 * URL that does not answer 2xx.
 */
export async function openSitemap(location: string, options: OpenSitemapOptions = {}): Promise<Readable> {
  const { signal, maxBytes } = options;
  if (!isHttpLocation(location)) {
    try {
      if ((await stat(location)).isDirectory()) throw new Error('is a directory');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw unreadableInput(
        `cannot read ${location}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
      );
    }
    return gunzipWhenCompressed(createReadStream(location), location, maxBytes);
  }
  // With --ca, a connection pool of the sitemap's own that trusts those authorities too, closed with the stream.
  const agent =
    options.ca === undefined ? undefined : new Agent({ connect: { ca: [...rootCertificates, ...options.ca] } });
  // The time limit covers the wait for the answer only: the body is read as slowly as the rows are checked.
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort(new Error(`no answer within ${SITEMAP_TIMEOUT_MS / 1000} s`)),
    SITEMAP_TIMEOUT_MS,
  );
  let response: Awaited<ReturnType<typeof fetch>>;
  try {
    response = await fetch(location, {
      ...(agent === undefined ? {} : { dispatcher: agent }),
      signal: signal === undefined ? stop.signal : AbortSignal.any([signal, stop.signal]),
      headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    void agent?.close();
    throw unreadableInput(`cannot fetch ${location}: ${cause ?? (error as Error).message}`, error);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    void agent?.close();
    throw unreadableInput(`cannot fetch ${location}: it answered ${response.status}`);
  }
  const stream = gunzipWhenCompressed(response.body as AsyncIterable<Uint8Array>, location, maxBytes);
  if (agent !== undefined) stream.once('close', () => void agent.close());
  FETCHED.add(stream);
  return stream;
}
