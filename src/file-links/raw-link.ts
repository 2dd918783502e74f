import type { LinkForm } from './file-link.js';

/** A link's target as written in a text: `text.slice(start, end)`. */
export interface RawLink {
  start: number;
  end: number;
  form: LinkForm;
  /** The target as the format reads it (escapes and entities decoded). */
  target: string;
  element?: string;
}
