import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { readLines } from '../inputs/index.js';
import { type CacheEntry, RowCache, type RowCacheSettings } from './row-cache.js';

/** The first line of a cache file: what it is, and the version of its records. */
const HEADER = { hoplens: 'check-cache', version: 1 };

/** A cache read from its file, and why the file was not used, when it was not (told to people, never thrown). */
export interface LoadedCache {
  cache: RowCache;
  warning?: string;
}

function isEntry(value: unknown): value is { key: string } & CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.key === 'string' &&
    typeof record.at === 'number' &&
    (record.outcome === 'passed' || record.outcome === 'failed' || record.outcome === 'errored') &&
    (typeof record.result === 'object' || typeof record.error === 'object')
  );
}

/**
 * Reads a cache file (a header line, then one entry a line, oldest first) into a cache: a missing file is an empty
 * cache; a file that is not a whole cache (another file, a cut or corrupted line) is left unused, with a warning,
 * since a run that answers from half a cache would be no worse than one that answers from none, but a crash would.
 */
export async function loadCache(path: string, settings: RowCacheSettings): Promise<LoadedCache> {
  const cache = new RowCache(settings);
  try {
    let first = true;
    for await (const { number, text } of readLines(createReadStream(path))) {
      if (text.trim() === '') continue;
      const record: unknown = JSON.parse(text);
      if (first) {
        const header = record as typeof HEADER;
        if (header?.hoplens !== HEADER.hoplens || header.version !== HEADER.version) {
          throw new Error('not a hoplens check cache');
        }
        first = false;
        continue;
      }
      if (!isEntry(record)) throw new Error(`line ${number}: not a cache entry`);
      const { key, ...entry } = record;
      cache.add(key, entry);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { cache };
    cache.entries.clear();
    return { cache, warning: `cache ${path} ignored, checking every row: ${(error as Error).message}` };
  }
  return { cache };
}

/**
 * Writes the cache to its file atomically: into a temporary file beside it, then renamed over it, so that a run
 * stopped while writing leaves the previous cache whole rather than a cut one.
 */
export async function saveCache(path: string, cache: RowCache): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const out = createWriteStream(temporary);
  try {
    await once(out, 'open');
    const write = async (record: unknown) => {
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    };
    await write(HEADER);
    for (const [key, entry] of cache.entries) await write({ key, ...entry });
    out.end();
    await once(out, 'finish');
    await rename(temporary, path);
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}
