/** How a link is written in its file: each form is rewritten in its own syntax. */
export type LinkForm =
  /** `[text](url)` (CommonMark 6.3, inline link). */
  | 'inline'
  /** `![alt](url)` (CommonMark 6.4, images). */
  | 'image'
  /** `[label]: url`, a link reference definition (CommonMark 4.7): the definition is what gets rewritten. */
  | 'definition'
  /** `<https://…>` (CommonMark 6.5, autolinks). */
  | 'autolink'
  /** A bare `https://…` in text (GFM's autolink extension, markdown-it's linkify). */
  | 'bare'
  /** An HTML or JSX attribute: `<a href>`, `<img src>`, `<link href>`, `<script src>`, `<iframe src>`... */
  | 'attribute'
  /** A URL inside a value: a `srcset` candidate, a CSS `url()` (attribute or `<style>`), a JSON-LD property. */
  | 'embedded';

/** One link found in a file, with where its target is written. */
export interface FileLink {
  /** The file's path as given on the command line (joined with the directory walked). */
  file: string;
  /** 1-based line of the target's first character. */
  line: number;
  /** 1-based column of the target's first character, in UTF-16 code units as editors count them. */
  column: number;
  /** The target's range in the file's text: `text.slice(start, end)` is the target exactly as written. */
  start: number;
  end: number;
  form: LinkForm;
  /** The element and attribute for an attribute (`a href`), absent otherwise. */
  element?: string;
  /** The target as the format reads it (entities and escapes decoded), before resolving. */
  target: string;
}
