import { terminalText } from '../core/index.js';

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
