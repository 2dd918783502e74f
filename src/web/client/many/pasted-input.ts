/**
 * What was pasted, read as `hoplens check` reads the same file: a URL list, a CSV or a `_redirects`, through the
 * inputs room's text parsers (src/inputs/portable.ts, by way of the monitors' import, which reads pastes the same
 * way). Without the DOM.
 */
import type { InputItem } from '../../../inputs/portable.js';
import { importItems } from '../monitors/import-rows.js';

export const PASTE_FORMATS = ['list', 'csv', 'netlify'] as const;
export type PasteFormat = (typeof PASTE_FORMATS)[number];

/** The first line that is neither blank nor a comment. */
function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '' && !line.startsWith('#')) ?? ''
  );
}

/**
 * A guess at the format, for "Detect from the text": a first line of two or more separated fields that is not a URL
 * is a CSV header; a first line of a path and a target is a `_redirects` rule; anything else a list. The person can
 * always choose the format instead.
 */
export function guessFormat(text: string): PasteFormat {
  const line = firstLine(text);
  if (/^\/\S*\s+\S/.test(line)) return 'netlify';
  if (/^[^\s,;\t]*[,;\t]/.test(line) && !/^https?:\/\/\S*$/i.test(line)) return 'csv';
  return 'list';
}

/** The items of the pasted `text`; throws the inputs room's error when it cannot be read as a whole (a bad header). */
export function pastedItems(format: PasteFormat, text: string, baseUrl: string): Promise<InputItem[]> {
  return importItems(format, text, baseUrl.trim());
}

/** The rows past the first `max`, which a run will not check (the day's quota is smaller than the list). */
export function overQuota(items: readonly InputItem[], max: number): { kept: InputItem[]; dropped: number } {
  let rows = 0;
  let dropped = 0;
  const kept = items.filter((item) => {
    if (item.kind !== 'row') return true;
    rows++;
    if (rows <= max) return true;
    dropped++;
    return false;
  });
  return { kept, dropped };
}
