import { applyEdits, type TextEdit } from '../../edits/index.js';
import { destinationText, editsByLine, type FixEdit } from '../fix-edit.js';
import { type NginxToken, nginxTokens } from './tokens.js';

/** A change to the text: the characters between `start` and `end` replaced (inputs' one text-edit engine). */
type Change = TextEdit;

/** The `return` and `rewrite` directives (their words, name first), by the line they start on. */
function redirectDirectives(tokens: readonly NginxToken[]): Map<number, NginxToken[][]> {
  const byLine = new Map<number, NginxToken[][]>();
  let words: NginxToken[] = [];
  for (const token of tokens) {
    if (token.kind === 'word') {
      words.push(token);
      continue;
    }
    const head = words[0];
    if (token.kind === ';' && head !== undefined && (head.value === 'return' || head.value === 'rewrite')) {
      byLine.set(head.line, [...(byLine.get(head.line) ?? []), words]);
    }
    words = [];
  }
  return byLine;
}

/** A word as written: in its own quotes if it had some, in double quotes if it must be, else bare. */
function word(value: string, original: NginxToken, text: string): string {
  const quote = original.quoted === true ? text[original.start]! : /[\s;{}"'#]/.test(value) ? '"' : undefined;
  if (quote === undefined) return value;
  return `${quote}${value.replace(/\\/g, '\\\\').replaceAll(quote, `\\${quote}`)}${quote}`;
}

/** Whether a target is an absolute URL (else a path on the server's own site). */
function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

/**
 * `return [code] URL;`: the URL replaced. `return URL;` names no status (nginx answers 302), so the flattened rule is
 * made permanent explicitly (`return 301 URL;`), as src/inputs/formats/netlify/writer.ts does for Cloudflare Pages' 302;
 * an explicit `return 302` or `307` is kept.
 */
function returnChanges(words: readonly NginxToken[], edit: FixEdit, text: string): Change[] {
  const [, first, second] = words;
  if (first === undefined) return [];
  const coded = /^\d{3}$/.test(first.value);
  const target = coded ? second : first;
  if (target === undefined) return [];
  const changes: Change[] = [];
  if (!coded && edit.keepStatus !== true) changes.push({ start: target.start, end: target.start, text: '301 ' });
  changes.push({ ...target, text: word(destinationText(edit, !isUrl(target.value)), target, text) });
  return changes;
}

/**
 * `rewrite regex replacement [flag];`: the replacement replaced, its trailing `?` (no query appended) kept. The
 * `redirect` flag names 302 and is kept; without `permanent` or `redirect` the rule redirects only because its
 * replacement is a URL (302), so the flattened rule says `permanent` (`redirect` with --keep-status), which also keeps
 * a path replacement a redirect.
 */
function rewriteChanges(words: readonly NginxToken[], edit: FixEdit, text: string): Change[] {
  const [, , replacement, flag] = words;
  if (replacement === undefined) return [];
  const keepsQuery = replacement.value.endsWith('?');
  const original = keepsQuery ? replacement.value.slice(0, -1) : replacement.value;
  const value = destinationText(edit, !isUrl(original)) + (keepsQuery ? '?' : '');
  const changes: Change[] = [{ ...replacement, text: word(value, replacement, text) }];
  // With --keep-status the rule stays a 302: `redirect` says so, as a path replacement without a flag would not.
  const made = edit.keepStatus === true ? 'redirect' : 'permanent';
  if (flag === undefined) changes.push({ start: replacement.end, end: replacement.end, text: ` ${made}` });
  else if (flag.value !== 'permanent' && flag.value !== 'redirect') changes.push({ ...flag, text: made });
  return changes;
}

/**
 * Writes an nginx configuration with each edited `return` or `rewrite` (on the line src/inputs/formats/nginx/read.ts reported it)
 * pointed at its new destination: only its URL changes (and a status made explicit); quoting, comments and every
 * other directive are kept. A line holding two redirect directives is left alone: an edit names a line, not which.
 */
export function writeNginx(text: string, edits: readonly FixEdit[]): string {
  const directives = redirectDirectives(nginxTokens(text).tokens);
  const changes: Change[] = [];
  for (const [line, edit] of editsByLine(edits)) {
    const [words, ...others] = directives.get(line) ?? [];
    if (words === undefined || others.length > 0) continue;
    changes.push(...(words[0]!.value === 'return' ? returnChanges : rewriteChanges)(words, edit, text));
  }
  return applyEdits(text, changes);
}
