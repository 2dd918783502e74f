import { type FixEdit, neutralisedCell, writeRules } from '../inputs/index.js';
import type { Suggestion } from './types.js';

/** What `hoplens suggest` writes: its CSV (which `check` reads), or a rules file of a host or a server. */
export const SUGGEST_FORMATS = ['csv', 'netlify', 'vercel', 'nginx', 'apache'] as const;
export type SuggestFormat = (typeof SUGGEST_FORMATS)[number];

const HEADER = 'hoplens suggest: proposed redirects, for review before use; each with its confidence and reason';

function csvCell(text: string): string {
  const cell = neutralisedCell(text);
  return /[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** `source,target,confidence,reason`, one row a suggestion: the default output, and `--format csv`. */
export function suggestionsCsv(suggestions: readonly Suggestion[]): string {
  const rows = suggestions.map((each) =>
    [each.source, each.target, String(each.confidence), each.reason].map(csvCell).join(','),
  );
  return `source,target,confidence,reason\n${rows.map((row) => `${row}\n`).join('')}`;
}

/** The old URL's path, which a rule matches (its query is not: every format writes query rules its own way). */
function sourcePath(url: string): string {
  return new URL(url).pathname;
}

/** The edit that gives the rule on `line` its target: a path on the source's own site, else the URL. */
function editOf(line: number, each: Suggestion): FixEdit {
  const source = new URL(each.source);
  const target = new URL(each.target);
  const sameSite = source.origin === target.origin;
  return sameSite ? { line, url: each.target, path: target.pathname + target.search } : { line, url: each.target };
}

/** A regular expression matching `path` alone (Apache's RedirectMatch). */
function anchored(path: string): string {
  return `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
}

/** A path-to-regexp source matching `path` as written (Vercel's `source`): its special characters escaped. */
function literalSource(path: string): string {
  return path.replace(/[:*?+()[\]{}\\]/g, '\\$&');
}

/** The lines of one suggestion's rule, its destination a placeholder the format's own writer replaces. */
function ruleLines(format: Exclude<SuggestFormat, 'csv'>, each: Suggestion): { comment?: string; rule: string[] } {
  const path = sourcePath(each.source);
  const comment = `# confidence ${each.confidence}: ${each.reason.replace(/[\r\n]+/g, ' ')}`;
  if (format === 'netlify') return { comment, rule: [`${path} / 301`] };
  if (format === 'nginx') return { comment, rule: [`location = ${path} {`, '    return 301 /;', '}'] };
  // Unquoted: a URL path has no space or quote (they are percent-encoded), and a quoted argument loses backslashes.
  if (format === 'apache') return { comment, rule: [`RedirectMatch 301 ${anchored(path)} "/"`] };
  return { rule: [`    ${JSON.stringify({ source: literalSource(path), destination: '/', permanent: true })},`] };
}

/**
 * A rules file of `format` with one permanent redirect a suggestion, each after a comment with its confidence and
 * reason (vercel.json has no comments: its rules are in the CSV's order). The rules are laid out here and their
 * destinations written by the format's own writer, the one `hoplens fix` uses, so that each is quoted as the format
 * wants.
 */
export async function suggestionsFile(format: SuggestFormat, suggestions: readonly Suggestion[]): Promise<string> {
  if (format === 'csv') return suggestionsCsv(suggestions);
  const lines: string[] = format === 'vercel' ? ['{', '  "redirects": ['] : [`# ${HEADER}`];
  const edits: FixEdit[] = [];
  for (const each of suggestions) {
    const { comment, rule } = ruleLines(format, each);
    if (comment !== undefined) lines.push(comment);
    // The line a reader reports the rule on: the first, where the destination is for every format but nginx's block.
    edits.push(editOf(lines.length + (format === 'nginx' ? 2 : 1), each));
    lines.push(...rule);
  }
  if (format === 'vercel') {
    if (suggestions.length > 0) lines[lines.length - 1] = lines.at(-1)!.replace(/,$/, '');
    lines.push('  ]', '}');
  }
  const text = `${lines.join('\n')}\n`;
  return (await writeRules(format, text, edits, {})) ?? text;
}
