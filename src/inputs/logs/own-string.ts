/**
 * A copy of `text` that holds no reference to the string it was cut from. V8 keeps a slice as a view of its parent:
 * a URL cut from a line is a view of the whole chunk of the file the line came from, and a map of a million such
 * keys would keep the whole log alive. Used for what is kept (a new URL, a new user agent), never per line.
 */
export function ownString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
