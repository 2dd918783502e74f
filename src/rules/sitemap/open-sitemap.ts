import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { fetch } from 'undici';
import { inputError } from '../errors.js';

/** How long a sitemap's server may take to start answering, and the longest wait between two parts of its body. */
const SITEMAP_TIMEOUT_MS = 30_000;

/** Whether an input names an http(s) URL rather than a file. */
export function isHttpLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** A gzip stream starts with these two bytes (RFC 1952, section 2.3.1). */
function isGzip(head: Uint8Array): boolean {
  return head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * The stream's bytes, gunzipped when they are gzip: told by the first bytes, not the name, so that a `.xml.gz`
 * served already decoded, or a gzipped file with another name, is read right.
 */
export function gunzipWhenCompressed(source: AsyncIterable<Uint8Array | string>): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    const iterator = source[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done === true) return;
    const head = Buffer.from(first.value);
    const rest = async function* () {
      yield head;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
        yield Buffer.from(next.value);
      }
    };
    if (!isGzip(head)) {
      yield* rest();
      return;
    }
    // pipeline destroys the gunzip stream with the first error of either side, which ends this loop with it.
    const gunzip = pipeline(Readable.from(rest()), createGunzip(), () => {});
    for await (const chunk of gunzip) yield chunk as Buffer;
  }
  return Readable.from(bytes());
}

/**
 * Opens a sitemap for reading: a file, or an http(s) URL fetched with a plain GET (it is the user's own input, as a
 * file would be; redirects are followed). Gzip is undone either way. Throws `INPUT_ERROR` for a missing file or a
 * URL that does not answer 2xx.
 */
export async function openSitemap(location: string, signal?: AbortSignal): Promise<Readable> {
  if (!isHttpLocation(location)) {
    try {
      if ((await stat(location)).isDirectory()) throw new Error('is a directory');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw inputError(`cannot read ${location}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
    return gunzipWhenCompressed(createReadStream(location));
  }
  // The time limit covers the wait for the answer only: the body is read as slowly as the rows are checked.
  const stop = new AbortController();
  const timer = setTimeout(
    () => stop.abort(new Error(`no answer within ${SITEMAP_TIMEOUT_MS / 1000} s`)),
    SITEMAP_TIMEOUT_MS,
  );
  let response: Awaited<ReturnType<typeof fetch>>;
  try {
    response = await fetch(location, {
      signal: signal === undefined ? stop.signal : AbortSignal.any([signal, stop.signal]),
      headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw inputError(`cannot fetch ${location}: ${cause ?? (error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw inputError(`cannot fetch ${location}: it answered ${response.status}`);
  }
  return gunzipWhenCompressed(response.body as AsyncIterable<Uint8Array>);
}
