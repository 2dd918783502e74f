/** A URL found inside a larger text (an attribute's value, a style sheet, a JSON-LD script), and where it is written. */
export interface LocatedUrl {
  /** The URL as the format reads it (CSS and JSON escapes decoded), not yet resolved. */
  readonly url: string;
  /** Its range in the text that was read: `text.slice(start, end)` is the URL exactly as written. */
  readonly start: number;
  readonly end: number;
}
