import { readFile } from 'node:fs/promises';
import { type DefaultTreeAdapterMap, parse, parseFragment } from 'parse5';
import { type FileKind, fileKind } from '../inputs/index.js';
import { HeadingAnchors } from '../inputs/markdown/index.js';
import { markdownParser } from './markdown-parser.js';

type Node = DefaultTreeAdapterMap['node'];

/**
 * The names a fragment can point at in HTML: every element's `id`, and the `name` of an `<a>` (HTML standard, "The
 * indicated part of the document": an element whose id is the fragment, else an `a` element whose name is).
 */
function collectIds(node: Node, into: Set<string>): void {
  if ('tagName' in node) {
    for (const { name, value } of node.attrs) {
      if (name === 'id' || (name === 'name' && node.tagName === 'a')) into.add(value);
    }
  }
  const content = 'content' in node ? (node.content as Node) : undefined;
  if (content !== undefined) collectIds(content, into);
  if ('childNodes' in node) for (const child of node.childNodes) collectIds(child, into);
}

/** A Markdown document's anchors: its headings' as GitHub makes them, and the ids and names of its raw HTML. */
function markdownAnchors(text: string): Set<string> {
  const md = markdownParser();
  const tokens = md.parse(text, {});
  const anchors = new Set(HeadingAnchors.of(md, tokens));
  for (const token of tokens) {
    const html =
      token.type === 'html_block'
        ? [token.content]
        : (token.children ?? []).filter((child) => child.type === 'html_inline').map((child) => child.content);
    for (const fragment of html) collectIds(parseFragment(fragment), anchors);
  }
  return anchors;
}

/** A file's anchors by its kind: HTML's ids, Markdown's headings and ids; undefined for another kind of file. */
function anchorsOf(kind: FileKind | undefined, text: string): Set<string> | undefined {
  if (kind === 'html') {
    const ids = new Set<string>();
    collectIds(parse(text), ids);
    return ids;
  }
  return kind === 'markdown' || kind === 'mdx' ? markdownAnchors(text) : undefined;
}

/**
 * The anchors of the files links point into, each file read once: what a `#fragment` link is checked against. A
 * file whose kind has no anchors hoplens knows (a script, an image) answers undefined, and its fragments are not
 * judged.
 */
export class FileAnchors {
  private readonly known = new Map<string, Promise<Set<string> | undefined>>();

  of(absolute: string): Promise<Set<string> | undefined> {
    let anchors = this.known.get(absolute);
    if (anchors === undefined) {
      const kind = fileKind(absolute);
      anchors =
        kind === undefined
          ? Promise.resolve(undefined)
          : readFile(absolute, 'utf8').then(
              (text) => anchorsOf(kind, text),
              // A directory named like a page (`guide.md/`) has no anchors; any other failure is the run's.
              (error: NodeJS.ErrnoException) => {
                if (error.code === 'EISDIR') return undefined;
                throw error;
              },
            );
      this.known.set(absolute, anchors);
    }
    return anchors;
  }
}
