import { destinationText, editsByLine, type FixEdit, splitLines } from '../fix-edit.js';
import { isNetlifyUrl, type RedirectsVariant } from './line.js';

/** A whitespace-separated token of a line and where it starts. */
interface Token {
  text: string;
  at: number;
}

function tokens(line: string): Token[] {
  const out: Token[] = [];
  for (const match of line.matchAll(/\S+/g)) {
    if (match[0].startsWith('#')) break;
    out.push({ text: match[0], at: match.index });
  }
  return out;
}

/**
 * Rewrites one `_redirects` line: the target token (found as src/inputs/formats/netlify/line.ts finds it) is replaced, the
 * rest of the line kept byte for byte. A rule naming no status where the host's default is temporary (Cloudflare
 * Pages' 302) gets an explicit 301: the flattened rule is a permanent move unless the rule says otherwise, or
 * `--keep-status` keeps the default.
 */
function rewriteRedirectsLine(line: string, edit: FixEdit, variant: RedirectsVariant): string {
  const [, ...parts] = tokens(line);
  if (parts.length === 0 || /^[+-]?\d/.test(parts[0]!.text)) return line;
  const index = parts.findIndex((part) => part.text.startsWith('/') || isNetlifyUrl(part.text));
  if (index === -1) return line;
  const target = parts[index]!;
  let replacement = destinationText(edit, target.text.startsWith('/'));
  const status = parts[index + 1];
  const named = status !== undefined && /^\d/.test(status.text);
  if (variant === 'cloudflare-pages' && !named && edit.keepStatus !== true) replacement += ' 301';
  return line.slice(0, target.at) + replacement + rest(line, target, replacement, status);
}

/**
 * The line after a replaced target. Where spaces align the next token in a column (`/old   /new   301`), it stays in
 * that column when the new target leaves room, so that fix keeps a file's columns (issue 44); a single space, tabs,
 * and a target too long for the room keep the separator as written.
 */
function rest(line: string, target: Token, replacement: string, next: Token | undefined): string {
  const after = line.slice(target.at + target.text.length);
  if (next === undefined) return after;
  const gap = line.slice(target.at + target.text.length, next.at);
  const room = next.at - (target.at + replacement.length);
  // One space is a separator, not a column: `/a /b 301` is written `/a /c 301`, not padded.
  if (!/^ {2,}$/.test(gap) || room < 1) return after;
  return ' '.repeat(room) + line.slice(next.at);
}

/** Rewrites the `to = "..."` of the `[[redirects]]` table starting on `header` (1-based). */
function rewriteTomlTable(lines: string[], header: number, edit: FixEdit): void {
  for (let index = header; index < lines.length && !/^\s*\[/.test(lines[index]!); index++) {
    const match = /^(\s*to\s*=\s*)(["'])(.*?)\2(.*)$/.exec(lines[index]!);
    if (match === null) continue;
    const text = destinationText(edit, match[3]!.startsWith('/'));
    lines[index] = `${match[1]}${JSON.stringify(text)}${match[4]}`;
    return;
  }
}

/** Whether a line is where TOML starts (as src/inputs/formats/netlify/read.ts decides): a `[table]` or a `key = value`. */
function looksLikeToml(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('[') || /^[A-Za-z0-9_-]+\s*=/.test(trimmed);
}

/** Writes a `_redirects` file or a `netlify.toml` with the edited rules' targets replaced; every other line kept. */
export function writeNetlify(text: string, edits: readonly FixEdit[], variant: RedirectsVariant): string {
  const { lines, join } = splitLines(text);
  const byLine = editsByLine(edits);
  const first = lines.find((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  const toml = first !== undefined && looksLikeToml(first);
  for (const [number, edit] of byLine) {
    if (number < 1 || number > lines.length) continue;
    if (toml) rewriteTomlTable(lines, number, edit);
    else lines[number - 1] = rewriteRedirectsLine(lines[number - 1]!, edit, variant);
  }
  return join(lines);
}
