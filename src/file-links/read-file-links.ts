import { type FileKind, fileKind, readExactText } from '../inputs/index.js';
import type { FileLink } from './file-link.js';
import { htmlFileLinks } from './html-links.js';
import { markdownLinks } from './markdown-links.js';
import type { RawLink } from './raw-link.js';
import { TextPositions } from './text-positions.js';

/** A file read for its links. */
export interface LinkFile {
  /** The path as reported: relative to the working directory when inside it. */
  path: string;
  /** The absolute path, read and written. */
  absolute: string;
  text: string;
  /**
   * Whether the text is the file's bytes exactly (valid UTF-8): only such a file is rewritten, so that nothing
   * outside the links changes by being decoded and encoded again.
   */
  exact: boolean;
  links: FileLink[];
}

function rawLinks(kind: FileKind, text: string): RawLink[] {
  if (kind === 'html') {
    return htmlFileLinks(text).map((link) => ({
      start: link.start,
      end: link.end,
      form: link.embedded === true ? ('embedded' as const) : ('attribute' as const),
      target: link.value,
      element: `${link.element} ${link.attribute}`,
    }));
  }
  // MDX: its Markdown is CommonMark, its JSX components are read as HTML elements (their string href and src);
  // `import`/`export` lines and `{expressions}` hold no link this reads.
  return markdownLinks(text);
}

/** Reads a file and finds its links, each with its line and column; a file named whatever its kind is Markdown. */
export async function readLinkFile(absolute: string, path: string): Promise<LinkFile> {
  const { text, exact } = await readExactText(absolute);
  const positions = new TextPositions(text);
  const links = rawLinks(fileKind(absolute) ?? 'markdown', text).map((raw): FileLink => {
    const { line, column } = positions.at(raw.start);
    const link: FileLink = {
      file: path,
      line,
      column,
      start: raw.start,
      end: raw.end,
      form: raw.form,
      target: raw.target,
    };
    if (raw.element !== undefined) link.element = raw.element;
    return link;
  });
  return { path, absolute, text, exact, links };
}
