import { Readable } from 'node:stream';
import {
  type FixEdit,
  FORMAT_TABLE,
  type RuleFileSpan,
  type RulePlaces,
  type RuleReadOptions,
  writeRules,
} from '../inputs/index.js';

/** The edits of the rules in one file the input names, on that file's own lines. */
export interface FileEdits {
  span: RuleFileSpan;
  edits: FixEdit[];
}

/**
 * A fix's edits split by the file each rule is in: the input's own, and each named file's (a vercel.json's bulk
 * redirect files), moved onto that file's lines (src/inputs/rule-places.ts).
 */
export function splitEdits(
  edits: readonly FixEdit[],
  places: RulePlaces | undefined,
): { input: FixEdit[]; files: FileEdits[] } {
  const input: FixEdit[] = [];
  const files = new Map<RuleFileSpan, FixEdit[]>();
  for (const edit of edits) {
    const span = places?.spanOf(edit.line);
    if (span === undefined) {
      input.push(edit);
      continue;
    }
    const list = files.get(span) ?? [];
    list.push({ ...edit, line: edit.line - span.offset });
    files.set(span, list);
  }
  return { input, files: [...files].map(([span, list]) => ({ span, edits: list })) };
}

/** One named file rewritten: its text with the edits, and the statuses the writer changed on edited lines. */
export interface FixedFile {
  span: RuleFileSpan;
  text: string;
  statusChanges: Array<{ line: number; was: number; now: number }>;
}

/** The statuses of a file's rules by line, as its reader reads them offline. */
async function statusesOf(span: RuleFileSpan, text: string, options: RuleReadOptions) {
  const statuses = new Map<number, number | undefined>();
  for await (const item of FORMAT_TABLE[span.format].read(Readable.from([text]), options))
    if (item.kind === 'row') statuses.set(item.row.line, item.row.status);
  return statuses;
}

/** Each named file's text with its edits applied by its format's writer, every other line kept. */
export async function fixRuleFiles(files: readonly FileEdits[], options: RuleReadOptions): Promise<FixedFile[]> {
  const fixed: FixedFile[] = [];
  for (const { span, edits } of files) {
    const text = (await writeRules(span.format, span.text, edits, {})) ?? span.text;
    const [before, after] = await Promise.all([statusesOf(span, span.text, options), statusesOf(span, text, options)]);
    const statusChanges = edits.flatMap(({ line }) => {
      const was = before.get(line);
      const now = after.get(line);
      return was === undefined || now === undefined || was === now ? [] : [{ line, was, now }];
    });
    fixed.push({ span, text, statusChanges });
  }
  return fixed;
}
