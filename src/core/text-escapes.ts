/**
 * Text from outside (a file's name, a URL, a rule as a file writes it, a server's header) escaped for each kind of
 * line a machine reads, one function per target, so that no writer keeps its own copy: a control character never
 * reaches a terminal, a CI log, a workflow command, a Markdown table or an XML file raw. The core holds them because
 * every room that writes (the CLI's formats, the monitors' alerts) may use them; they know nothing of where the
 * text goes beyond its syntax.
 */

/** C0 controls, DEL and C1 controls: what a terminal or a log reader may act on rather than show. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Whether `text` holds a control character (C0, DEL or C1), line breaks and tabs included. */
export function hasControlCharacter(text: string): boolean {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text);
}

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

/** One control character as people can read it: `\n`, `\r`, `\t`, `\e`, else `\xNN`. */
function visible(char: string): string {
  return NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * Text for a terminal or a CI log line: every C0 and C1 control (line breaks, ESC and so the ANSI sequences it
 * starts, the 8-bit CSI U+009B) shown as an escape (`\n`, `\e`, `\x9B`) rather than acted on, so the text stays on
 * its line and cannot move the cursor, recolour or retitle the terminal (ECMA-48 §5: C0 and C1 sets).
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL, visible);
}

/**
 * A GitHub workflow command's message: `%`, CR and LF percent-encoded as the runner decodes them
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands ; actions/runner
 * src/Runner.Common/ActionCommand.cs), so a line break cannot end the command and start another; the other controls,
 * which the runner has no encoding for, shown as {@link terminalText} shows them.
 */
export function workflowCommandData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A').replace(CONTROL, visible);
}

/** A workflow command's property value: as its message, and `:` and `,`, which end a property, encoded too. */
export function workflowCommandProperty(text: string): string {
  return workflowCommandData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/**
 * Text for a Markdown table cell (GitHub Flavored Markdown, https://github.github.com/gfm/#tables-extension-): on
 * one line (a line break ends the row: runs of white space become one space), `|` escaped (it ends the cell), `<` and `>` as entities (no HTML), the
 * other controls shown as {@link terminalText} shows them, at most `max` characters.
 */
export function markdownCell(text: string, max = 300): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .replace(CONTROL, visible)
    .replaceAll('|', '\\|')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Characters XML 1.0 cannot carry at all, even as a character reference (https://www.w3.org/TR/xml/#charsets: C0
 * controls other than tab, LF and CR, U+FFFE, U+FFFF, lone surrogates).
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text safe inside an XML 1.0 element or a double-quoted attribute (a JUnit report): the characters XML cannot
 * carry shown as {@link terminalText} shows them, markup escaped, and tab, LF and CR as character references, which
 * an attribute keeps (a raw one is normalised to a space: https://www.w3.org/TR/xml/#AVNormalize) and a log reading
 * the report line by line does not split on.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (char) => (char < ' ' ? visible(char) : '\ufffd'))
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll('\t', '&#9;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;');
}
