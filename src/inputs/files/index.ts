/*
 * Local files as inputs: the Markdown, MDX and HTML files under the paths a command is given (walked in a stable
 * order, past dependencies and version control, filtered by `--include`/`--exclude` globs), their kinds, and their
 * text read with whether it is their exact bytes. The files crawl (src/file-links/) reads its files through here.
 */
export { type FileKind, fileKind } from './file-kinds.js';
export { globPattern } from './glob.js';
export { type ExactText, readExactText } from './read-exact-text.js';
export { type WalkedFile, type WalkOptions, walkFiles } from './walk-files.js';
