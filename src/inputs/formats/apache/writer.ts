import { applyEdits, type TextEdit } from '../../edits/index.js';
import { destinationText, editsByLine, type FixEdit, splitLines } from '../fix-edit.js';
import { type ApacheWord, apacheWordSpans } from './lines.js';
import { statusWord } from './status-word.js';

/** A word of a directive and the line (0-based) it is on: a directive may continue over lines ending in `\`. */
interface PlacedWord extends ApacheWord {
  line: number;
}

/** A change to one line: the text between `start` and `end` replaced (inputs' one text-edit engine). */
interface Change extends TextEdit {
  line: number;
}

/** The words of the directive starting on line `first` (0-based), continuations read as src/inputs/formats/apache/lines.ts does. */
function directiveWords(lines: readonly string[], first: number): PlacedWord[] | undefined {
  const words: PlacedWord[] = [];
  for (let line = first; line < lines.length; line++) {
    const raw = lines[line]!;
    const continued = raw.endsWith('\\');
    const spans = apacheWordSpans(continued ? raw.slice(0, -1) : raw);
    if ('error' in spans) return undefined;
    words.push(...spans.map((word) => ({ ...word, line })));
    if (!continued) break;
  }
  return words;
}

/**
 * A Location written as a RewriteRule substitution: httpd escapes a substitution without `[NE]` itself
 * (https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_ne), so the escapes it would make (`%23` for `#`) are
 * written as their characters, or it would send `%2523`; and a `%` or `$` before a digit is a back-reference there,
 * so it is quoted with a backslash.
 */
function substitutionText(location: string, noEscape: boolean): string {
  const plain = noEscape
    ? location
    : location.replace(/%([0-9a-f]{2})/gi, (whole, hex: string) => {
        const character = String.fromCharCode(Number.parseInt(hex, 16));
        return /[ -~]/.test(character) && !/[A-Za-z0-9$\-_.+!*'(),:;@&=/~?%]/.test(character) ? character : whole;
      });
  return plain.replace(/([%$])(?=\d)/g, '\\$1');
}

/** An argument as written: in its own quotes if it had some, in double quotes if it must be, else bare. */
function argument(value: string, quote: ApacheWord['quote']): string {
  const mark = quote ?? (/[\s"']/.test(value) || value === '' ? '"' : undefined);
  if (mark === undefined) return value;
  return `${mark}${value.replace(/\\/g, '\\\\').replaceAll(mark, `\\${mark}`)}${mark}`;
}

/** `[R]` or `[redirect]` among a RewriteRule's flags given an explicit `=301`; undefined when it names a status. */
function permanentFlags(flags: string): string | undefined {
  const changed = flags.replace(/(^\[|,)(\s*)(r|redirect)(\s*)(?=,|\]$)/i, '$1$2$3=301$4');
  return changed === flags ? undefined : changed;
}

/**
 * The changes pointing one directive at `edit`'s destination: its target argument replaced. A rule naming no status
 * where Apache's default is 302 (`Redirect`, `RedirectMatch`, `RewriteRule [R]`) is made permanent explicitly, as
 * src/inputs/formats/netlify/writer.ts does for Cloudflare Pages' default 302; `RedirectTemp`, `Redirect temp` and
 * `[R=302]` keep their status, and so does every rule with `--keep-status`.
 */
function directiveChanges(words: readonly PlacedWord[], edit: FixEdit): Change[] {
  const name = words[0]?.value.toLowerCase();
  const changes: Change[] = [];
  // mod_alias's URL is its last argument: the third word, or the second of a one-argument redirect in <Location>.
  let target = name === 'rewriterule' ? 2 : words.length - 1;
  if (name === 'redirect' || name === 'redirectmatch') {
    const status = words[1];
    if (status !== undefined && statusWord(status.value) !== undefined) target = Math.max(target, 2);
    else if (status !== undefined && edit.keepStatus !== true)
      changes.push({ line: status.line, start: status.start, end: status.start, text: '301 ' });
  } else if (name === 'rewriterule') {
    const flags = words[3];
    const kept = flags === undefined || flags.quote !== undefined || edit.keepStatus === true;
    const explicit = kept ? undefined : permanentFlags(flags.value);
    if (flags !== undefined && explicit !== undefined) changes.push({ ...flags, text: explicit });
  } else if (name !== 'redirectpermanent' && name !== 'redirecttemp') {
    return [];
  }
  const word = words[target];
  if (word === undefined) return [];
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(word.value);
  // A RewriteRule target relative to RewriteBase is a path: the reader made it one.
  let destination = destinationText(edit, !isUrl);
  const flags = name === 'rewriterule' ? (words[3]?.value ?? '') : '';
  if (name === 'rewriterule') destination = substitutionText(destination, /\b(?:ne|noescape)\b/i.test(flags));
  changes.push({ ...word, text: argument(destination, word.quote) });
  return changes;
}

/**
 * Writes an Apache `.htaccess` or conf file with each edited directive (found on the line src/inputs/formats/apache/read.ts
 * reported it, continued lines included) pointed at its new destination: only the target argument changes (and a
 * status made explicit), indentation, quoting, flags and every other line are kept.
 */
export function writeApache(text: string, edits: readonly FixEdit[]): string {
  const { lines, join } = splitLines(text);
  for (const [number, edit] of editsByLine(edits)) {
    const words = number < 1 ? undefined : directiveWords(lines, number - 1);
    if (words === undefined) continue;
    const changes = directiveChanges(words, edit);
    for (const line of new Set(changes.map((change) => change.line))) {
      lines[line] = applyEdits(
        lines[line]!,
        changes.filter((change) => change.line === line),
      );
    }
  }
  return join(lines);
}
