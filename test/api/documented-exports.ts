/**
 * The public API as docs/library.md documents it: the tables of its "Exports" section, one `### \`entry\`` heading
 * per package entry (`hoplens`, `hoplens/policy`), one row per export: `` | `name` | kind | what | ``. The tests
 * compare these with what the entries export, so the doc and the code cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import type { ModuleExport } from './module-exports.js';

/** A documented row's kind: `type` is erased by the compiler, the others are there at run time. */
const ROW = /^\| `([A-Za-z_$][\w$]*)` +\| (function|class|constant|type) +\|/gm;

/** The text of a markdown section, from its `## title` to the next `## ` heading. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/library.md has no "## ${title}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** Each entry's documented exports, by the entry's import specifier, sorted by name. */
export function documentedExports(markdown = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8')) {
  const entries = new Map<string, ModuleExport[]>();
  const parts = section(markdown, 'Exports').split(/^### `([^`]+)`$/m);
  for (let i = 1; i < parts.length; i += 2) {
    const rows = [...parts[i + 1]!.matchAll(ROW)].map(
      ([, name, kind]): ModuleExport => ({ name: name!, kind: kind === 'type' ? 'type' : 'value' }),
    );
    entries.set(
      parts[i]!,
      rows.sort((a, b) => a.name.localeCompare(b.name)),
    );
  }
  return entries;
}

/** The names of the exports that exist at run time, sorted. */
export function valueNames(exports: readonly ModuleExport[]): string[] {
  return exports.filter((entry) => entry.kind === 'value').map((entry) => entry.name);
}
