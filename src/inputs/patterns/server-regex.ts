import { RE2JS } from 're2js';
import { compileStepRegex, type StepRegex } from './step-regex.js';

/**
 * A rule's regular expression, run so that no rules file can hang a command and no answer depends on the machine's
 * load. Rules files come from strangers (a pull request's `.htaccess`), and backtracking engines take exponential
 * time on some patterns: `^/(a+)+$` on a 32-character path takes minutes on JavaScript's. A pattern the linear-time
 * engine (re2js, a port of RE2) can run, which is nearly every redirect rule, runs there; the rest (backreferences,
 * lookarounds) run on a backtracking matcher that counts its steps (step-regex.ts), within
 * {@link MATCH_STEP_BUDGET} steps a match and {@link FILE_STEP_BUDGET} for the file. A match past its budget skips
 * the rule for that URL only, and the rule is named. Steps, not time: the same file and URLs give the same answers
 * on a quiet laptop and a busy CI runner.
 */

/** The most steps one match of a backtracking pattern may take (about 5 ms); past it, the rule is skipped for that URL. */
export const MATCH_STEP_BUDGET = 100_000;

/**
 * The most steps the backtracking patterns of one rules file may take together, all URLs and rules counted (about
 * half a second on one core): once spent, every backtracking rule is skipped for the URLs still to match, so that a
 * file of many runaway rules ends in bounded time.
 */
export const FILE_STEP_BUDGET = 10_000_000;

/** Why a rule was skipped: its match ran past {@link MATCH_STEP_BUDGET}, or the file's budget was spent. */
export type SkipCause = 'match' | 'file';

/** A rule skipped on some URLs because its regular expression ran past its step budget. */
export interface SkippedPattern {
  /** The rule's line. */
  line: number;
  /** The pattern as written. */
  pattern: string;
  /** The first text it was skipped on. */
  text: string;
  /** Why, on that text. */
  cause: SkipCause;
  /** How many of its matches were skipped. */
  count: number;
}

/** One rules file's matching: its remaining steps, and its skipped rules (one entry a rule, in the order first skipped). */
export interface SkipLog {
  entries: SkippedPattern[];
  /** The entries by line and pattern, to count a rule's skips without a search. */
  byRule: Map<string, SkippedPattern>;
  stepsLeft: number;
}

/** A new file's log, with the whole {@link FILE_STEP_BUDGET}. */
export function newSkipLog(): SkipLog {
  return { entries: [], byRule: new Map(), stepsLeft: FILE_STEP_BUDGET };
}

/** A rule's regular expression: `exec` as RegExp's, answering null (no match) where the rule was skipped. */
export interface ServerRegex {
  /** The pattern in JavaScript's syntax. */
  readonly source: string;
  readonly ignoreCase: boolean;
  /** Which engine runs it: `linear` (re2js) or `backtracking` (the step-counting matcher). */
  readonly engine: 'linear' | 'backtracking';
  exec(text: string): RegExpExecArray | null;
}

/** What {@link serverRegex} needs to count its steps and say that a rule was skipped. */
export interface SkipReport {
  /** The file's log and budget. */
  log: SkipLog;
  /** The rule's line. */
  line: number;
}

function logSkip(skip: SkipReport, pattern: string, text: string, cause: SkipCause): void {
  const key = `${skip.line} ${pattern}`;
  const known = skip.log.byRule.get(key);
  if (known !== undefined) {
    known.count++;
    return;
  }
  const entry: SkippedPattern = { line: skip.line, pattern, text, cause, count: 1 };
  skip.log.entries.push(entry);
  skip.log.byRule.set(key, entry);
}

/** The pattern on the step-counting matcher, each match within its budget and what is left of the file's. */
function backtracking(regex: StepRegex, pattern: string, skip: SkipReport): ServerRegex {
  return {
    source: regex.source,
    ignoreCase: regex.ignoreCase,
    engine: 'backtracking',
    exec(text) {
      const limit = Math.min(MATCH_STEP_BUDGET, skip.log.stepsLeft);
      const answer = limit > 0 ? regex.exec(text, limit) : 'spent';
      if (answer !== 'spent') {
        skip.log.stepsLeft -= answer.steps;
        return answer.found;
      }
      skip.log.stepsLeft -= limit;
      logSkip(skip, pattern, text, limit < MATCH_STEP_BUDGET ? 'file' : 'match');
      return null;
    },
  };
}

/**
 * A regular expression of a server's configuration (PCRE) or a JavaScript pattern, ready to match paths; undefined
 * when JavaScript's engine, the reference for what is valid, refuses it. PCRE's `(?P<name>` is read as `(?<name>`,
 * a leading `(?i)` as the caseless flag. Without `skip`, the pattern has a file's budget of its own.
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
    let stepped: StepRegex;
    try {
      stepped = compileStepRegex(source, flags);
    } catch {
      return undefined;
    }
    return backtracking(stepped, pattern, skip ?? { log: newSkipLog(), line: 0 });
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
  const times = skipped.count === 1 ? 'once' : `${skipped.count.toLocaleString('en-US')} times`;
  const why =
    skipped.cause === 'match'
      ? `needed more than ${MATCH_STEP_BUDGET.toLocaleString('en-US')} steps on ${text}`
      : `was not tried on ${text}: the file's ${FILE_STEP_BUDGET.toLocaleString('en-US')} steps for backtracking patterns were spent`;
  return `skipped ${times}: its regular expression ${skipped.pattern} ${why} (backreferences and lookarounds run on a backtracking matcher with a step budget)`;
}
