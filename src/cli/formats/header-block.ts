import { terminalText } from '../../core/index.js';
import type { Colors } from '../colors.js';

/**
 * A hop's response headers as `curl -I` shows them: one `name: value` line each, indented under the hop, for
 * `--headers all` in the human formats. Set-Cookie values, which the core joins with line breaks (they cannot be
 * folded into one line), get a line each.
 */
export function headerBlock(headers: Readonly<Record<string, string>>, indent: string, colors: Colors): string {
  let text = '';
  for (const [name, value] of Object.entries(headers)) {
    for (const line of value.split('\n'))
      text += `${indent}${colors.dim(`${terminalText(name)}:`)} ${terminalText(line)}\n`;
  }
  return text;
}
