import { RegExpParser } from '@eslint-community/regexpp';
import { type Machine, run, STEPS_SPENT } from './step-regex-machine.js';
import { compileProgram, type StepProgram } from './step-regex-program.js';

/**
 * A regular expression matched by backtracking with a count of steps, for the rule patterns the linear-time engine
 * cannot run (lookarounds, backreferences). JavaScript's RegExp gives the same answers but cannot be stopped after a
 * number of steps, only after a time, and a time bound decides differently on a busy machine; no linear engine
 * handles lookarounds. The pattern is read by regexpp (the parser ESLint uses) in JavaScript's syntax, flags `i` or
 * none, non-Unicode mode.
 */

/** One match's answer: what `RegExp.prototype.exec` would answer, and the steps it took. */
export interface StepMatch {
  found: RegExpExecArray | null;
  steps: number;
}

/** A compiled pattern; `exec` answers 'spent' when the match took more than `limit` steps. */
export interface StepRegex {
  readonly source: string;
  readonly ignoreCase: boolean;
  exec(text: string, limit: number): StepMatch | 'spent';
}

/** `RegExp.prototype.exec`'s array (captures, index, input, groups) from the registers of a match. */
function execArray(program: StepProgram, registers: readonly number[], text: string): RegExpExecArray {
  const captures: Array<string | undefined> = [];
  for (let group = 0; group < program.groups; group++) {
    const start = registers[2 * group]!;
    const end = registers[2 * group + 1]!;
    captures.push(start < 0 || end < 0 ? undefined : text.slice(start, end));
  }
  const found = captures as unknown as RegExpExecArray;
  found.index = registers[0]!;
  found.input = text;
  let groups: Record<string, string> | undefined;
  if (program.names.size > 0) {
    groups = Object.create(null) as Record<string, string>;
    for (const [name, number] of program.names) groups[name] = captures[number]!;
  }
  found.groups = groups;
  return found;
}

/** Tries the program at each start position in turn, as a RegExp without the `g` or `y` flag does. */
function execute(program: StepProgram, text: string, limit: number): StepMatch | 'spent' {
  const size = 2 * program.groups + 2 * program.loops;
  const machine: Machine = { program, text, registers: new Array<number>(size).fill(-1), steps: 0, limit };
  try {
    for (let start = 0; start <= text.length; start++) {
      machine.registers.fill(-1);
      if (run(machine, 0, start) >= 0) {
        return { found: execArray(program, machine.registers, text), steps: machine.steps };
      }
    }
  } catch (error) {
    if (error === STEPS_SPENT) return 'spent';
    throw error;
  }
  return { found: null, steps: machine.steps };
}

/** Compiles `source` (JavaScript's syntax) with `flags` ('' or 'i'); throws a SyntaxError when it cannot. */
export function compileStepRegex(source: string, flags: string): StepRegex {
  if (!/^i?$/.test(flags)) throw new SyntaxError(`unsupported flags ${flags}`);
  const ignoreCase = flags === 'i';
  const parsed = new RegExpParser({ strict: false }).parsePattern(source, 0, source.length, { unicode: false });
  const program = compileProgram(parsed, ignoreCase);
  return { source, ignoreCase, exec: (text, limit) => execute(program, text, limit) };
}
