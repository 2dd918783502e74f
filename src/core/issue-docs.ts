/**
 * hoplens's own explanation of each finding: its section of docs/issues.md, which ships in the package (package.json
 * "files") so that every `help` of the form `docs/issues.md#<type>` has something to open. The service renders the
 * file as a page; `hoplens explain <type>` prints one section.
 */
import { readFileSync } from 'node:fs';

/**
 * docs/ sits two levels above this file in src/core, in dist/core, and in the CLI bundle's dist/cli-chunks (where
 * this module is bundled), so one relative path finds it from all three.
 */
export const DOCS_DIR = new URL('../../docs/', import.meta.url);

/** docs/issues.md as text; throws (ENOENT) when the package was installed without its docs. */
export function readIssueDocs(): string {
  return readFileSync(new URL('issues.md', DOCS_DIR), 'utf8');
}

/** A second-level heading: `## redirect_loop`. */
const SECTION_HEADING = /^## +(.+?)\s*$/;

/**
 * The section of `markdown` headed `## <type>`, heading included, up to the next second-level heading; undefined
 * when the file has none. Headings inside fenced code blocks do not count.
 */
export function issueSection(markdown: string, type: string): string | undefined {
  const lines = markdown.split('\n');
  let start: number | undefined;
  let fenced = false;
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : SECTION_HEADING.exec(line);
    if (heading === null) continue;
    if (start !== undefined) return lines.slice(start, index).join('\n').trimEnd();
    if (heading[1] === type) start = index;
  }
  return start === undefined ? undefined : lines.slice(start).join('\n').trimEnd();
}
