import { stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileAnchors } from './file-anchors.js';
import type { LinkVerdict } from './link-verdict.js';

/** A link to a file beside it (`guide.md`, `../README.md#install`, `#usage`): where it points on disk. */
export interface LocalTarget {
  /** The absolute path of the file (or directory) it names; the linking file itself for `#fragment`. */
  absolute: string;
  /** The fragment, percent-decoded, without `#`; absent when the link has none or an empty one. */
  fragment?: string;
}

/** `text` percent-decoded, or as written when it is not valid percent-encoding (a name may hold a `%`). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The local file a link in `file` names, when it is written relative to the file (no scheme, not from the site's
 * root: `/x` and `//host/x` need a URL, `--base`): resolved against the file's directory as a browser resolves it
 * against the file's `file:` URL, the query dropped (a file has none), the fragment kept. Undefined otherwise.
 */
export function localTarget(target: string, file: string): LocalTarget | undefined {
  const trimmed = target.trim();
  if (trimmed === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(trimmed) || trimmed.startsWith('/')) return undefined;
  const hash = trimmed.indexOf('#');
  const beforeHash = hash < 0 ? trimmed : trimmed.slice(0, hash);
  const path = beforeHash.split('?')[0]!;
  const fragment = hash < 0 ? '' : decoded(trimmed.slice(hash + 1));
  const absolute = path === '' ? file : resolve(dirname(file), ...path.split('/').map(decoded));
  return fragment === '' ? { absolute } : { absolute, fragment };
}

/** The `file:` URL of a local target, its fragment kept: the URL a report shows for it. */
export function localUrl(target: LocalTarget): URL {
  const url = pathToFileURL(target.absolute);
  if (target.fragment !== undefined) url.hash = target.fragment;
  return url;
}

/** Whether the path exists (a file or a directory: a link to a folder opens its listing or its index). */
async function exists(absolute: string): Promise<boolean> {
  try {
    await stat(absolute);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return false;
    }
    throw error;
  }
}

/** What checking a local link found: its verdict, and for a broken one what is missing. */
export interface LocalCheck {
  verdict: LinkVerdict;
  missing?: 'file' | 'fragment';
}

/**
 * The verdict on a local link: `broken` when its file does not exist, or when its fragment is neither a heading
 * anchor nor an id of a Markdown or HTML file (matched exactly, as a browser finds the indicated part: HTML standard,
 * "find a potential indicated element"); `ok` otherwise, a fragment into another kind of file being left unjudged.
 */
export async function checkLocal(target: LocalTarget, anchors: FileAnchors, cwd: string): Promise<LocalCheck> {
  const shown = relative(cwd, target.absolute).split(sep).join('/') || '.';
  if (!(await exists(target.absolute))) {
    return { verdict: { kind: 'broken', reason: `no file ${shown}`, redirects: 0 }, missing: 'file' };
  }
  if (target.fragment === undefined) return { verdict: { kind: 'ok' } };
  const known = await anchors.of(target.absolute);
  if (known === undefined || known.has(target.fragment)) return { verdict: { kind: 'ok' } };
  const reason = `no heading or id #${target.fragment} in ${shown}`;
  return { verdict: { kind: 'broken', reason, redirects: 0 }, missing: 'fragment' };
}
