import { STATUS_WORDS } from '../../text/regex-literal.js';

/** A status argument of `Redirect` or `[R=]` (`301`, `permanent`...), or undefined when the word is not one. */
export function statusWord(word: string): number | undefined {
  return /^\d{3}$/.test(word) ? Number(word) : STATUS_WORDS[word.toLowerCase()];
}
