import { statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** What a server's root holds at a URI: a file, a folder, or nothing. */
export type DocrootEntry = 'file' | 'directory' | undefined;

/**
 * What the root holds at a (decoded, normalised) URI: the seam through which the matcher learns what only the file
 * system can tell (`try_files`, a missing file's 404, a folder's trailing-slash redirect). Synchronous, as matching is.
 */
export type DocrootLookup = (uri: string) => DocrootEntry;

/**
 * The lookup of a folder on this machine standing for the server's root. A URI that would leave the folder (a `..`
 * an encoding let through) holds nothing, as nginx refuses it rather than reading outside its root.
 */
export function folderDocroot(folder: string): DocrootLookup {
  const root = resolve(folder);
  return (uri) => {
    const path = join(root, uri);
    const inside = relative(root, path);
    if (inside.startsWith(`..${sep}`) || inside === '..') return undefined;
    try {
      return statSync(path).isDirectory() ? 'directory' : 'file';
    } catch {
      // Missing, or a file asked as a folder (`/x.html/`): nginx answers both 404.
      return undefined;
    }
  };
}
