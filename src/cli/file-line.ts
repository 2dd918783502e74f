import { terminalText } from '../core/index.js';
import { findingPath } from '../formats/index.js';
import type { RulePlace, RulePlaces } from '../inputs/index.js';

/**
 * An input's name at the start of a line people and editors read (`name:line: message`, as compilers write it):
 * its control characters shown ({@link terminalText}), and `./` before a name that would start the line with `:`,
 * since a CI runner reads a line starting with `::` (after white space) as a command
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands).
 */
export function fileName(name: string): string {
  const shown = terminalText(name);
  return shown.trimStart().startsWith(':') ? `./${shown}` : shown;
}

/** `name:line: text` (or `name: text` without a line), every part safe on a terminal or CI log line. */
export function fileLine(name: string, line: number | undefined, text: string): string {
  return `${fileName(name)}${line === undefined ? '' : `:${line}`}: ${terminalText(text)}`;
}

/**
 * {@link fileLine} for a line of a rule set read from several files (a vercel.json and the bulk redirect files it
 * names): the file the line is in, named beside the input, and its own line there.
 */
export function placeLine(name: string, places: RulePlaces | undefined, line: number, text: string): string {
  return atPlace(name, places?.locate(line) ?? { line }, text);
}

/** {@link fileLine} at a place: a file the input names is named beside the input, with its own line there. */
export function atPlace(name: string, place: RulePlace, text: string): string {
  if (place.file === undefined) return fileLine(name, place.line, text);
  return fileLine(findingPath(name, place.file), place.line, text);
}
