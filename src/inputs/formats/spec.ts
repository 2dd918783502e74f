import type { Readable } from 'node:stream';
import type { CompiledRules } from '../patterns/rule-match.js';
import type { InputItem } from '../row.js';
import type { RulePlaces } from '../rule-places.js';
import type { RuleReadOptions } from '../rule-row.js';
import type { FixEdit } from './fix-edit.js';
import type { RedirectsVariant } from './netlify/line.js';

/** What every rule format's reader is given: the shared options, and for netlify whose syntax it is. */
export interface FormatReadOptions extends RuleReadOptions {
  /** For `netlify`: whose `_redirects` syntax (default `netlify`). */
  variant?: RedirectsVariant;
  /**
   * For `nginx`: a folder standing for the server's root, so that a request no rule answers is answered as nginx would
   * (`try_files`, a missing file's `error_page`, a folder's slash); without it such a request is skipped.
   */
  docroot?: string;
  /**
   * The folder of the rules file, for a format whose file names others beside it (a vercel.json's
   * `bulkRedirectsPath`); absent for standard input and pasted text, where such files are not followed.
   */
  rulesDir?: string;
}

/**
 * A rules file parsed once from its text: the items of its rules (every rule as a row, skipped or invalid, shadowed
 * ones kept), and for a format with pattern rules its matcher, compiled from the same parse.
 */
export interface ParsedRuleText {
  items: InputItem[];
  /** The format's matcher (src/inputs/patterns/), made from this parse: loaded when called, for check's start-up. */
  compile?(): Promise<CompiledRules>;
  /** The files the rules came from besides the input, and where each one's lines are (src/inputs/rule-places.ts). */
  places?: RulePlaces;
}

/**
 * One rule format, as its folder states it: how it is read, how it is written back (absent for a format that is a
 * report rather than rules a host applies), and the few facts the rest of hoplens asks about it.
 */
export interface RuleFormatSpec {
  read(stream: Readable, options: FormatReadOptions): AsyncIterable<InputItem>;
  /**
   * For a format read whole (its rules depend on each other, or its matcher needs the whole file): the text parsed
   * once, the rows and the matcher both made from that parse. `read` is then this parse of the stream's text.
   */
  parse?(text: string, options: FormatReadOptions): Promise<ParsedRuleText>;
  /**
   * The file with each edit's rule pointed at its new destination, every other line kept. The writer is loaded when
   * called: only `hoplens fix` writes, and a CSV writer loads csv-parse, which `check` and `hoplens URL` must not.
   */
  write?(text: string, edits: readonly FixEdit[], options: { variant?: RedirectsVariant }): Promise<string>;
  /** Its sources are absolute URLs (a report, a list of URLs): checking it needs no base URL. */
  absoluteSources?: boolean;
  /** Its host picks a rule by specificity, not by order (nginx prefers an exact location wherever it stands). */
  unordered?: boolean;
  /** One rule a line, so that counting lines estimates its rows; `headed`: its first line is a header. */
  lines?: 'plain' | 'headed';
}
