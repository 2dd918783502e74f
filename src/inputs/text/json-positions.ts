/**
 * Where things are in a JSON text, for line numbers: JSON.parse gives values, not positions. This walks the text the
 * way JSON is built (strings with escapes, nested brackets) and finds where each element of one array starts, and
 * where a member's value is (for `hoplens fix`, which replaces values in place).
 */

function skipSpace(text: string, index: number): number {
  let at = index;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

function skipString(text: string, index: number): number {
  let at = index + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** The index just after the value starting at `index` (a string, an object, an array or a bare word). */
export function skipValue(text: string, index: number): number {
  const first = text[index];
  if (first === '"') return skipString(text, index);
  if (first !== '{' && first !== '[') {
    let at = index;
    while (at < text.length && !/[\s,\]}]/.test(text[at]!)) at++;
    return at;
  }
  let depth = 0;
  let at = index;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '"') {
      at = skipString(text, at);
      continue;
    }
    if (char === '{' || char === '[') depth++;
    if (char === '}' || char === ']') depth--;
    at++;
    if (depth === 0) return at;
  }
  return at;
}

/**
 * The offset of the value of `key` in the object starting at `start` (spaces before it skipped), or undefined when
 * there is no object there or it has no such key.
 */
export function memberValueOffset(text: string, key: string, start = 0): number | undefined {
  let at = skipSpace(text, start);
  if (text[at] !== '{') return undefined;
  at = skipSpace(text, at + 1);
  while (at < text.length && text[at] === '"') {
    const end = skipString(text, at);
    const name = JSON.parse(text.slice(at, end)) as string;
    at = skipSpace(text, end);
    if (text[at] !== ':') return undefined;
    at = skipSpace(text, at + 1);
    if (name === key) return at;
    at = skipSpace(text, skipValue(text, at));
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return undefined;
}

/**
 * The offsets where the elements of an array start: the top-level array when `key` is undefined, else the array
 * that is the value of `key` in the top-level object. Empty when there is no such array. Meant for text that
 * JSON.parse accepted.
 */
export function arrayElementOffsets(text: string, key?: string): number[] {
  const start = key === undefined ? skipSpace(text, 0) : memberValueOffset(text, key);
  if (start === undefined || text[start] !== '[') return [];
  const offsets: number[] = [];
  let at = skipSpace(text, start + 1);
  while (at < text.length && text[at] !== ']') {
    offsets.push(at);
    at = skipSpace(text, skipValue(text, at));
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return offsets;
}
