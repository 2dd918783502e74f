/**
 * The state directory's manifest, `state.json`: which version of the state's records the directory holds, so that a
 * reader of pages (`hoplens compare`, `hoplens suggest`) and `--resume` refuse a state whose records lack what they
 * read, rather than taking its missing fields for "no title, no canonical". Version 2 (issue 45) added to each page
 * where its redirects end, its title, canonical and `noindex`; the states of before have no manifest.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crawlError } from './errors.js';

export const CRAWL_STATE_VERSION = 2;
export const MANIFEST_NAME = 'state.json';

interface Manifest {
  readonly format: 'hoplens-crawl-state';
  readonly version: number;
}

export function writeManifest(dir: string): void {
  const manifest: Manifest = { format: 'hoplens-crawl-state', version: CRAWL_STATE_VERSION };
  writeFileSync(join(dir, MANIFEST_NAME), `${JSON.stringify(manifest)}\n`);
}

/** The manifest's version, or undefined when the directory has none. */
function versionIn(dir: string): number | undefined {
  const path = join(dir, MANIFEST_NAME);
  if (!existsSync(path)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Partial<Manifest>;
    return manifest.format === 'hoplens-crawl-state' && typeof manifest.version === 'number' ? manifest.version : 0;
  } catch {
    return 0;
  }
}

/**
 * Throws unless `dir` holds a state of this version: `CRAWL_STATE_OUTDATED` for a state of before (its pages, no
 * manifest) or of another version, `CRAWL_STATE_MISSING` for a directory that holds no state at all.
 */
export function assertCurrentState(dir: string): void {
  const version = versionIn(dir);
  if (version === CRAWL_STATE_VERSION) return;
  if (version === undefined && !existsSync(join(dir, 'pages.ndjson'))) {
    throw crawlError(
      'CRAWL_STATE_MISSING',
      `${dir} holds no crawl state (no ${MANIFEST_NAME}): crawl with --state ${dir}`,
    );
  }
  const which = version === undefined ? 'before state version 2' : `state version ${version}`;
  const whose = version !== undefined && version > CRAWL_STATE_VERSION ? 'a newer' : 'an older';
  throw crawlError(
    'CRAWL_STATE_OUTDATED',
    `${dir} is a crawl state of ${whose} hoplens (${which}; this one reads version ${CRAWL_STATE_VERSION}): crawl the site again with --state`,
  );
}
