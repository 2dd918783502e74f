import { extname } from 'node:path';

/** How a file's links are read. */
export type FileKind = 'markdown' | 'mdx' | 'html';

const BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdown': 'markdown',
  '.mkd': 'markdown',
  '.mdx': 'mdx',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
};

/** The kind of a file by its extension, or undefined for a file whose links are not read. */
export function fileKind(path: string): FileKind | undefined {
  return BY_EXTENSION[extname(path).toLowerCase()];
}
