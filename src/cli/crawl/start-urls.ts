import { resolve } from 'node:path';
import { normalizeUrlInput, parseUrlInput } from '../../core/index.js';
import { readCrawledPages } from '../../crawl/index.js';

/**
 * The crawl's start URLs: those typed, then with `--revisit DIR` every page an earlier crawl's state holds, each once.
 * After a move the old pages are no longer linked from the new site: started from, each is requested again, so that
 * `hoplens compare` sees it redirected (or lost), not merely unvisited.
 */
export async function startUrls(
  targets: readonly string[],
  revisit: string | undefined,
  cwd: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const starts = new Set(
    targets.map((typed) => {
      parseUrlInput(typed);
      return normalizeUrlInput(typed);
    }),
  );
  if (revisit === undefined) return [...starts];
  const options = signal === undefined ? {} : { signal };
  for await (const page of readCrawledPages(resolve(cwd, revisit), options)) starts.add(page.url);
  return [...starts];
}
