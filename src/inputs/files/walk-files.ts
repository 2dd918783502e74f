import { readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileKind } from './file-kinds.js';
import { globPattern } from './glob.js';

/** Directories never walked: dependencies and version control, whose links are not the project's to fix. */
const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['node_modules', '.git', '.hg', '.svn']);

export interface WalkOptions {
  cwd: string;
  /** Globs a walked file must match one of (all files of a known kind when empty). */
  include?: readonly string[];
  /** Globs no walked file may match. */
  exclude?: readonly string[];
}

/** A file to read, and the directory given that it was found under (the file's own directory for a file given). */
export interface WalkedFile {
  absolute: string;
  root: string;
}

async function walkDirectory(directory: string, root: string, into: WalkedFile[]): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(directory, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name)) await walkDirectory(path, root, into);
    else if (entry.isFile() && fileKind(entry.name) !== undefined) into.push({ absolute: path, root });
  }
}

/**
 * The files to read, in a stable order: each file given (whatever its kind, when it was named), and every Markdown,
 * MDX and HTML file under each directory given, past `node_modules` and `.git`, filtered by the globs (matched
 * against the path relative to the working directory, with forward slashes). A file reached twice is read once.
 */
export async function walkFiles(paths: readonly string[], options: WalkOptions): Promise<WalkedFile[]> {
  const include = (options.include ?? []).map(globPattern);
  const exclude = (options.exclude ?? []).map(globPattern);
  const files: WalkedFile[] = [];
  for (const path of paths) {
    const absolute = resolve(options.cwd, path);
    if ((await stat(absolute)).isDirectory()) await walkDirectory(absolute, absolute, files);
    else files.push({ absolute, root: dirname(absolute) });
  }
  const seen = new Set<string>();
  return files.filter((file) => {
    const name = relative(options.cwd, file.absolute).split(sep).join('/');
    const wanted =
      (include.length === 0 || include.some((glob) => glob.test(name))) && !exclude.some((glob) => glob.test(name));
    if (!wanted || seen.has(file.absolute)) return false;
    seen.add(file.absolute);
    return true;
  });
}
