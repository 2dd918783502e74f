import type { InputItem } from '../row.js';
import { type SkipLog, skippedMessage } from './server-regex.js';

/**
 * The rules skipped while matching (their regular expression ran past its step budget), as skipped items on their
 * lines: read after the matching, so they come after the rows. A rule is named once, however many URLs it was
 * skipped on (the message says how many).
 */
export function skippedPatternItems(log: SkipLog): Array<InputItem & { kind: 'skipped' }> {
  return log.entries.map((skipped) => ({
    kind: 'skipped' as const,
    line: skipped.line,
    text: skipped.pattern,
    reason: skippedMessage(skipped),
  }));
}
