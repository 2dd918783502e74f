/** A token of an nginx configuration: a word (quotes removed), or one of `{`, `}`, `;`. */
export interface NginxToken {
  kind: 'word' | '{' | '}' | ';';
  value: string;
  line: number;
  /** Whether the word was quoted (a quoted `{` is a word, not a brace). */
  quoted?: boolean;
  /** Where the token is in the text (quotes included), for `hoplens fix`, which rewrites words in place. */
  start: number;
  end: number;
}

/**
 * What a backslash and the character after it stand for in a word, as nginx's configuration reader copies them
 * (src/core/ngx_conf_file.c in nginx's source): `\"`, `\'` and `\\` the character alone, `\t`, `\r`, `\n` control
 * characters, any other pair kept whole, so that a regex's `\d` stays `\d` whether the word is quoted or not.
 */
function unescaped(next: string): string {
  if (next === '"' || next === "'" || next === '\\') return next;
  if (next === 't') return '\t';
  if (next === 'r') return '\r';
  if (next === 'n') return '\n';
  return `\\${next}`;
}

/** Splits nginx configuration text into tokens: `#` comments to the end of the line, quotes with `\` escapes. */
export function nginxTokens(text: string): { tokens: NginxToken[]; error?: { line: number; message: string } } {
  const tokens: NginxToken[] = [];
  let line = 1;
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '\n') line++;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    if (char === '#') {
      while (at < text.length && text[at] !== '\n') at++;
      continue;
    }
    if (char === '{' || char === '}' || char === ';') {
      tokens.push({ kind: char, value: char, line, start: at, end: at + 1 });
      at++;
      continue;
    }
    const start = line;
    const from = at;
    let word = '';
    if (char === '"' || char === "'") {
      at++;
      while (at < text.length && text[at] !== char) {
        if (text[at] === '\\' && at + 1 < text.length) {
          word += unescaped(text[at + 1]!);
          at += 2;
          continue;
        }
        if (text[at] === '\n') line++;
        word += text[at];
        at++;
      }
      if (at >= text.length) return { tokens, error: { line: start, message: `unclosed ${char} quote` } };
      at++;
      tokens.push({ kind: 'word', value: word, line: start, quoted: true, start: from, end: at });
      continue;
    }
    while (at < text.length && !/[\s{};]/.test(text[at]!)) {
      // A backslash keeps the next character in the word (an escaped space or brace), unescaped as nginx does.
      if (text[at] === '\\' && at + 1 < text.length) {
        if (text[at + 1] === '\n') line++;
        word += unescaped(text[at + 1]!);
        at += 2;
        continue;
      }
      word += text[at++];
    }
    tokens.push({ kind: 'word', value: word, line: start, start: from, end: at });
  }
  return { tokens };
}

/** A directive: its name, arguments and, for a block directive (`server`, `location`), its children. */
export interface NginxDirective {
  name: string;
  args: string[];
  line: number;
  children?: NginxDirective[];
}

/** The parsed configuration, and what was malformed (a missing `;`, an unbalanced brace), each with its line. */
export interface NginxTree {
  directives: NginxDirective[];
  errors: Array<{ line: number; message: string }>;
}

/** Builds the directive tree from tokens, recovering from a missing `;` or brace so the rest is still read. */
export function nginxTree(tokens: readonly NginxToken[]): NginxTree {
  const errors: NginxTree['errors'] = [];
  const root: NginxDirective[] = [];
  const stack: Array<{ list: NginxDirective[]; opener?: NginxDirective }> = [{ list: root }];
  let words: NginxToken[] = [];
  const top = () => stack[stack.length - 1]!;
  for (const token of tokens) {
    if (token.kind === 'word') {
      words.push(token);
      continue;
    }
    const [head, ...rest] = words;
    words = [];
    if (token.kind === '}') {
      if (head !== undefined) errors.push({ line: head.line, message: `"${head.value}" is not terminated by ";"` });
      if (stack.length === 1) errors.push({ line: token.line, message: 'unexpected "}"' });
      else stack.pop();
      continue;
    }
    if (head === undefined) {
      if (token.kind === '{') errors.push({ line: token.line, message: 'a block without a directive' });
      continue;
    }
    const directive: NginxDirective = { name: head.value, args: rest.map((word) => word.value), line: head.line };
    top().list.push(directive);
    if (token.kind === '{') {
      directive.children = [];
      stack.push({ list: directive.children, opener: directive });
    }
  }
  if (words.length > 0) errors.push({ line: words[0]!.line, message: `"${words[0]!.value}" is not terminated by ";"` });
  for (const open of stack.slice(1)) {
    errors.push({ line: open.opener!.line, message: `"${open.opener!.name}" block is not closed` });
  }
  return { directives: root, errors };
}
