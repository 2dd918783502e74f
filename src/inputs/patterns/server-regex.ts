import { RE2JS } from 're2js';
import { backtrackingExec } from './backtracking-match.js';

/**
 * A rule's regular expression, run so that no rules file can hang a command. Rules files come from strangers (a pull
 * request's `.htaccess`), and JavaScript's engine backtracks: `^/(a+)+$` on a 32-character path takes minutes. A
 * pattern the linear-time engine (re2js, a port of RE2) can run, which is nearly every redirect rule, runs there; the
 * rest (backreferences, lookarounds) run on JavaScript's engine in a worker, stopped after
 * {@link BACKTRACKING_BOUND_MS} per match, after which the rule is skipped and said to be.
 */

/** The longest one match may take on the backtracking engine before its rule is skipped. */
export const BACKTRACKING_BOUND_MS = 20;

/** A rule skipped because its regular expression ran past its bound. */
export interface SkippedPattern {
  /** The rule's line. */
  line: number;
  /** The pattern as written. */
  pattern: string;
  /** The text it was matching when stopped. */
  text: string;
}

/** The skipped rules of one compiled file, in the order they were stopped. */
export type SkipLog = SkippedPattern[];

/** A rule's regular expression: `exec` as RegExp's, answering null (no match) once the rule has been skipped. */
export interface ServerRegex {
  /** The pattern in JavaScript's syntax. */
  readonly source: string;
  readonly ignoreCase: boolean;
  /** Which engine runs it: `linear` (re2js) or `backtracking` (JavaScript's, bounded, in a worker). */
  readonly engine: 'linear' | 'backtracking';
  exec(text: string): RegExpExecArray | null;
}

/** What {@link serverRegex} needs to say that a rule was skipped. */
export interface SkipReport {
  /** Where skipped rules are logged. */
  log: SkipLog;
  /** The rule's line. */
  line: number;
}

/** The pattern on the backtracking engine, under its bound; a match past it skips the rule for good. */
function backtracking(source: string, flags: string, pattern: string, skip: SkipReport | undefined): ServerRegex {
  let skipped = false;
  return {
    source,
    ignoreCase: flags.includes('i'),
    engine: 'backtracking',
    exec(text) {
      if (skipped) return null;
      const found = backtrackingExec(source, flags, text, BACKTRACKING_BOUND_MS);
      if (found !== 'timeout') return found;
      skipped = true;
      skip?.log.push({ line: skip.line, pattern, text });
      return null;
    },
  };
}

/**
 * A regular expression of a server's configuration (PCRE) or a JavaScript pattern, ready to match paths; undefined
 * when JavaScript's engine, the reference for what is valid, refuses it. PCRE's `(?P<name>` is read as `(?<name>`,
 * a leading `(?i)` as the caseless flag.
 */
export function serverRegex(pattern: string, caseless: boolean, skip?: SkipReport): ServerRegex | undefined {
  // PCRE's inline `(?i)` at the start (`RedirectMatch (?i)^/old$`) makes the whole pattern caseless; JavaScript has
  // no inline flags, so it becomes the flag. https://www.pcre.org/current/doc/html/pcre2pattern.html#internaloptions
  const inline = pattern.startsWith('(?i)');
  if (inline) caseless = true;
  const source = (inline ? pattern.slice(4) : pattern).replaceAll('(?P<', '(?<');
  const flags = caseless ? 'i' : '';
  try {
    new RegExp(source, flags);
  } catch {
    return undefined;
  }
  let linear: RE2JS;
  try {
    linear = RE2JS.compile(source, caseless ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    return backtracking(source, flags, pattern, skip);
  }
  return {
    source,
    ignoreCase: caseless,
    engine: 'linear',
    exec: (text) => linear.exec(text) as RegExpExecArray | null,
  };
}

/** The message of a skipped rule, for lint's and check's reports. */
export function skippedMessage(skipped: SkippedPattern): string {
  const text = skipped.text.length > 60 ? `${skipped.text.slice(0, 57)}...` : skipped.text;
  return `skipped: its regular expression ${skipped.pattern} ran past ${BACKTRACKING_BOUND_MS} ms on ${text} (backreferences and lookarounds run on a backtracking engine)`;
}
