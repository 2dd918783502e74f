/**
 * Cells that are safe to open in a spreadsheet. hoplens writes URLs, headers and messages that strangers control into
 * its CSV files; a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel, LibreOffice and
 * Google Sheets as a formula (`=HYPERLINK(…)`, `+cmd|' /C calc'!A0`). As OWASP's CSV Injection guidance says, such a
 * cell is written with a single quote before it, which spreadsheets show as text; hoplens's own CSV reader takes the
 * quote off again, so that a file hoplens wrote reads back unchanged. Plain numbers (`-5`) are left as they are.
 */

/** What a formula cell starts with (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number, which a spreadsheet reads as a number, not a formula. */
const NUMBER = /^[-+]?\d+(?:\.\d+)?$/;

/** The cell as written to a CSV file: a formula-leading text behind a single quote. */
export function neutralisedCell(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** A cell as read from a CSV file: the single quote {@link neutralisedCell} put before a formula-leading text removed. */
export function restoredCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !NUMBER.test(text.slice(1))
    ? text.slice(1)
    : text;
}
