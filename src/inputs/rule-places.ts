import type { RuleFormat } from './light.js';

/** Where a rule is written: a line of the input itself, or of a file the input names (`file` as it names it). */
export interface RulePlace {
  file?: string;
  line: number;
}

/** One file a rules input pulls in (a vercel.json's `bulkRedirectsPath`), and the lines it holds in the rule set. */
export interface RuleFileSpan {
  /** The file as the input names it, relative to the input's folder (`redirects/old-blog.csv`). */
  name: string;
  /** Its format, whose writer `hoplens fix` rewrites it with. */
  format: RuleFormat;
  /** The file's absolute path, for `hoplens fix --write`. */
  path: string;
  /** The file's text as read, for `hoplens fix` to rewrite. */
  text: string;
  /** Its line 1 in the rule set's numbering: the set counts through the input's lines, then each file's in turn. */
  offset: number;
  /** How many lines it has. */
  lines: number;
}

/**
 * The places of a rule set read from several files. Lint, fix and the matchers key a rule by one line number, so the
 * set numbers its rules through the input's own lines, then through each named file's in turn; these spans turn such
 * a number back into the file and line a person opens.
 */
export class RulePlaces {
  constructor(readonly files: readonly RuleFileSpan[]) {}

  /** The span holding a rule-set line, or undefined for a line of the input itself. */
  spanOf(line: number): RuleFileSpan | undefined {
    return this.files.find((span) => line > span.offset && line <= span.offset + span.lines);
  }

  /** The file and line of a rule-set line. */
  locate(line: number): RulePlace {
    const span = this.spanOf(line);
    return span === undefined ? { line } : { file: span.name, line: line - span.offset };
  }

  /** How a message names a rule's place: `line 3`, or `redirects.csv line 3`. */
  name(line: number): string {
    return placeWords(this.locate(line));
  }
}

/** How a message names a place: `line 3`, or `redirects.csv line 3`. */
export function placeWords(place: RulePlace): string {
  return place.file === undefined ? `line ${place.line}` : `${place.file} line ${place.line}`;
}

/** How a message names a rule-set line: through the set's places when it has several files. */
export function placeName(places: RulePlaces | undefined, line: number): string {
  return places === undefined ? `line ${line}` : places.name(line);
}
