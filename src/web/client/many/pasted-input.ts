/**
 * What was pasted, detected and read as `hoplens check` detects and reads the same file: a URL list, a CSV or a rules
 * file, through the inputs room's detection and text parsers (src/inputs/portable.ts, by way of the monitors'
 * import, which reads pastes the same way). Without the DOM.
 */
import { formatOfText, type InputItem } from '../../../inputs/portable.js';
import { IMPORT_FORMATS, type ImportFormat, importItems } from '../monitors/import-rows.js';

/** What the page reads from a paste: a list, a CSV, and the rules files the inputs room parses from a text. */
export type PasteFormat = ImportFormat;

/**
 * The format of a paste, for "Detect from the text": the CLI's own detection of a file whose name says nothing
 * (src/inputs/detect/by-content.ts), so that a paste is read as `hoplens check` reads the same file (a CSV whose
 * header says `Old URL,New URL` is a CSV). A format detected that the page has no text parser for (a WordPress
 * export, Vercel's bulk redirects, Amplify's rules) is a message naming the command that reads it.
 */
export function detectFormat(text: string): { format: PasteFormat } | { unreadable: string } {
  const format = formatOfText(text);
  const readable = IMPORT_FORMATS.find(([name]) => name === format);
  if (readable !== undefined) return { format: readable[0] };
  return {
    unreadable: `This looks like a ${format} file, which the page does not read: check it with hoplens check --input ${format}.`,
  };
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
