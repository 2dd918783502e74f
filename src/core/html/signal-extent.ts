/**
 * How much of a page must be parsed to read its signals: up to the end of the last start tag that may carry one
 * (`<meta`, `<link`, `<base`, `<script`, `<html`), and on to the end of a script still open there. The tokenizer reads
 * left to right and the tree is built as tokens come, so the elements (and the contexts they are in) before that point
 * are the same whatever follows: the rest of the page, usually most of its body, need not be tokenized.
 */

/** A start tag a signal may come from: a tag name is literal ASCII after `<`, ended by whitespace, `/` or `>`. */
const SIGNAL_TAG = /<(?:meta|link|base|script|html)[\t\n\f\r />]/gi;
const SCRIPT_START = /<script[\t\n\f\r />]/gi;
const SCRIPT_END = /<\/script[\t\n\f\r />]/gi;
const WHITESPACE = new Set(['\t', '\n', '\f', '\r', ' ']);

type TagState =
  | 'before-name'
  | 'name'
  | 'after-name'
  | 'before-value'
  | 'double'
  | 'single'
  | 'unquoted'
  | 'after-value';

/** The next state of the tokenizer's attribute states (WHATWG HTML §13.2.5.32-42) on `char`; 'end' at the tag's `>`. */
function step(state: TagState, char: string): TagState | 'end' {
  const space = WHITESPACE.has(char);
  switch (state) {
    case 'double':
      return char === '"' ? 'after-value' : state;
    case 'single':
      return char === "'" ? 'after-value' : state;
    case 'unquoted':
      return char === '>' ? 'end' : space ? 'before-name' : state;
    case 'before-value':
      if (char === '"') return 'double';
      if (char === "'") return 'single';
      return char === '>' ? 'end' : space ? state : 'unquoted';
    case 'name':
    case 'after-name':
      if (char === '=') return 'before-value';
      if (char === '>') return 'end';
      if (space) return 'after-name';
      return char === '/' ? 'before-name' : 'name';
    default:
      // Before a name, after a quoted value, or after a `/` (a self-closing `/` not before `>` is dropped).
      if (char === '>') return 'end';
      return space || char === '/' ? 'before-name' : 'name';
  }
}

/** The index just past the `>` ending the tag whose name ends at `from`; undefined when the input ends first. */
function tagEnd(markup: string, from: number): number | undefined {
  let state: TagState = 'before-name';
  for (let i = from; i < markup.length; i++) {
    const next = step(state, markup[i]!);
    if (next === 'end') return i + 1;
    state = next;
  }
  return undefined;
}

/** The last match of `pattern` (global) starting before `before`, if any. */
function lastMatch(pattern: RegExp, markup: string, before: number): RegExpExecArray | undefined {
  let last: RegExpExecArray | undefined;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(markup); match !== null && match.index < before; match = pattern.exec(markup)) {
    last = match;
  }
  return last;
}

/** The length of the prefix of `markup` that holds every signal (the whole of it when that cannot be told). */
export function signalExtent(markup: string): number {
  const last = lastMatch(SIGNAL_TAG, markup, markup.length);
  if (last === undefined) return 0;
  // The match ends with the tag name's delimiter: the attribute states start on it.
  const end = tagEnd(markup, last.index + last[0].length - 1);
  if (end === undefined) return markup.length;
  // A script open at that point runs to its end tag: its text is a signal too. (A script that writes `<!--<script>`
  // into itself enters the tokenizer's double-escaped state, where a `</script>` does not end it: the text after that
  // one is not read, which can only hide a literal URL from javascript_redirect, never a refresh, base or link.)
  const opened = lastMatch(SCRIPT_START, markup, end)?.index ?? -1;
  if (opened <= (lastMatch(SCRIPT_END, markup, end)?.index ?? -1)) return end;
  SCRIPT_END.lastIndex = end;
  const close = SCRIPT_END.exec(markup);
  if (close === null) return markup.length;
  return tagEnd(markup, close.index + '</script'.length) ?? markup.length;
}
