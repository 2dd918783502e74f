/**
 * Which of the package's own files the docs pages serve, and where: every page the shipped docs link to (README,
 * SECURITY, BENCHMARKS and its figures, docs/ and docs/oracles/) and the policy schema, so that no relative link on a
 * served page answers 404 (issue 44).
 */
import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { DOCS_DIR } from '../../core/index.js';

/** The package's root: the folder holding docs/. */
export const PACKAGE_ROOT = new URL('../', DOCS_DIR);

/** The folders whose Markdown files are pages, and which of their files are (package.json `files` ships them). */
const PAGE_FOLDERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['', /^(README|SECURITY|BENCHMARKS)\.md$/],
  ['bench/', /^results[a-z-]*\.md$/],
  ['docs/', /^[a-z][a-z-]*\.md$/],
  ['docs/oracles/', /^([a-z][a-z-]*|README)\.md$/],
];

/** The one file linked from the docs that is not a page: served as it is. */
export const SCHEMA_FILE = 'schema/hoplens.config.schema.json';

function filesIn(folder: string, name: RegExp): string[] {
  try {
    return readdirSync(new URL(folder || './', PACKAGE_ROOT))
      .filter((file) => name.test(file))
      .map((file) => folder + file);
  } catch {
    return [];
  }
}

/** The pages' files, relative to the package's root (`docs/cli.md`, `README.md`), those present only. */
export function docPageFiles(): string[] {
  return PAGE_FOLDERS.flatMap(([folder, name]) => filesIn(folder, name));
}

/** Where a file is served: docs/cli.md at `/docs/cli`, README.md at `/docs/README`, the schema under its own name. */
export function servedPath(file: string): string {
  const path = file.startsWith('docs/') ? file.slice('docs/'.length) : file;
  return `/docs/${path.endsWith('.md') ? path.slice(0, -'.md'.length) : path}`;
}

/** A relative link (`../README.md#install`) on the page of `from`, as the served path of its target, when served. */
export function servedLink(from: string, href: string, served: ReadonlySet<string>): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/') || href.startsWith('#')) return undefined;
  const hash = href.indexOf('#');
  const target = posix.normalize(posix.join(posix.dirname(from), hash < 0 ? href : href.slice(0, hash)));
  return served.has(target) ? servedPath(target) + (hash < 0 ? '' : href.slice(hash)) : undefined;
}
