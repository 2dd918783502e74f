import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { readLines } from '../inputs/index.js';
import { type CacheEntry, RowCache, type RowCacheSettings } from './row-cache.js';
import { cacheEntryShape, recordComplaint } from './stored-records.js';

/** The first line of a cache file: what it is, and the version of its records. */
const HEADER = { hoplens: 'check-cache', version: 1 };

/** A cache read from its file, and why the file was not used, when it was not (told to people, never thrown). */
export interface LoadedCache {
  cache: RowCache;
  warning?: string;
}

/** A line of the file as JSON, or why it is not (the parser's own words may quote a huge line). */
function parseLine(number: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`line ${number} is not JSON`);
  }
}

/** The cache entry a line holds; throws, naming the line, for any other record. */
function entryOf(number: number, record: unknown): { key: string } & CacheEntry {
  const complaint = recordComplaint(cacheEntryShape, record);
  if (complaint !== undefined) throw new Error(`line ${number}: not a cache entry (${complaint})`);
  const entry = record as { key: string } & CacheEntry;
  // An answer is an analysis or the error it ended with: a failed analysis is an errored row, never a passed one.
  const answers = (entry.result === undefined ? 0 : 1) + (entry.error === undefined ? 0 : 1);
  if (answers !== 1 || (entry.error !== undefined && entry.outcome !== 'errored')) {
    throw new Error(`line ${number}: not a cache entry (neither one analysis nor one error for its outcome)`);
  }
  return entry;
}

/**
 * Reads a cache file (a header line, then one entry a line, oldest first) into a cache: a missing file is an empty
 * cache; a file that is not a whole cache (another file, a cut or corrupted line) is left unused, with a warning,
 * since a run that answers from half a cache would be no worse than one that answers from none, but a crash would.
 * A file edited by hand is held to the same: each entry must have the shape check writes (src/check/stored-records.ts)
 * and a line longer than the line readers' bound (`MAX_LINE_LENGTH`) ends the read there, so that neither a wrong
 * type nor a huge line reaches the judging or the memory.
 */
export async function loadCache(path: string, settings: RowCacheSettings): Promise<LoadedCache> {
  const cache = new RowCache(settings);
  try {
    let first = true;
    for await (const { number, text } of readLines(createReadStream(path))) {
      if (text.trim() === '') continue;
      const record = parseLine(number, text);
      if (first) {
        const header = record as typeof HEADER | null;
        if (header?.hoplens !== HEADER.hoplens || header.version !== HEADER.version) {
          throw new Error(`line ${number}: not a hoplens check cache`);
        }
        first = false;
        continue;
      }
      const { key, ...entry } = entryOf(number, record);
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
