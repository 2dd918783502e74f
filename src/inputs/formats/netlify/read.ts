import type { Readable } from 'node:stream';
import { malformedInput } from '../../errors.js';
import type { InputItem } from '../../row.js';
import { isBlankOrComment, readLines } from '../../text/lines.js';
import { MAX_WHOLE_TEXT } from '../../text/whole-text.js';
import { parseNetlifyRule } from './line.js';
import { type NetlifyReadOptions, netlifyRuleItem } from './rule.js';
import { readNetlifyToml } from './toml.js';

/** Whether the first meaningful line of a file is TOML (a `[table]` or a `key = value`), not a `_redirects` rule. */
function looksLikeToml(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('[') || /^[A-Za-z0-9_-]+\s*=/.test(trimmed);
}

/**
 * Reads a Netlify `_redirects` file, or a `netlify.toml` (recognised by its first line: a `[table]` or a
 * `key = value`), making each rule's source absolute on the base URL. Rules with splats, placeholders or conditions
 * match many URLs or some visitors only: they are skipped and counted. `variant: 'cloudflare-pages'` reads the same
 * syntax with Cloudflare Pages' default status (302), refusing what Pages does not support.
 */
export async function* readNetlify(stream: Readable, options: NetlifyReadOptions): AsyncGenerator<InputItem> {
  const lines = readLines(stream);
  let toml: string[] | undefined;
  let size = 0;
  for await (const { number, text } of lines) {
    if (toml !== undefined) {
      size += text.length + 1;
      if (size > MAX_WHOLE_TEXT) throw malformedInput(`the file is larger than ${MAX_WHOLE_TEXT} bytes`);
      toml.push(text);
      continue;
    }
    if (isBlankOrComment(text)) continue;
    if (looksLikeToml(text)) {
      // The lines before this one were blank or comments: keep them so that line numbers stay right.
      toml = Array.from({ length: number - 1 }, () => '');
      toml.push(text);
      continue;
    }
    const rule = parseNetlifyRule(text, options.variant);
    yield 'error' in rule
      ? { kind: 'invalid', line: number, message: rule.error }
      : netlifyRuleItem(rule, number, text.trim(), options);
  }
  if (toml !== undefined) yield* readNetlifyToml(toml.join('\n'), options);
}
