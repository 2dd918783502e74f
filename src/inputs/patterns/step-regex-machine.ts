import { canonicalize, isWordChar } from './step-regex-chars.js';
import type { Instr, StepProgram } from './step-regex-program.js';

/**
 * Runs a {@link StepProgram} by backtracking, with an explicit stack (no recursion but one level per nested
 * lookaround) and a count of steps: each instruction run and each return to a choice is one step, and the match is
 * abandoned when the count passes its limit. The count depends on the pattern and the text only, never on the
 * machine or its load, so that the limit decides the same way everywhere.
 */

/** Thrown through the matching when the step limit is passed. */
export const STEPS_SPENT: unique symbol = Symbol('steps spent');

/** A backtrack-stack entry is three numbers: a choice to resume (pc, position), or a register to restore. */
const CHOICE = 0;
const RESTORE = 1;

/** One matching: the text, the registers (capture slots, then each loop's count and start) and the steps. */
export interface Machine {
  program: StepProgram;
  text: string;
  /** Capture slots (-1 for unset), then two per loop: its count and the start of its iteration. */
  registers: number[];
  steps: number;
  limit: number;
}

/** A thread of the run: where it is, and its backtrack stack. */
interface Thread {
  pc: number;
  pos: number;
  stack: number[];
}

function set(machine: Machine, thread: Thread, register: number, value: number): void {
  thread.stack.push(RESTORE, register, machine.registers[register]!);
  machine.registers[register] = value;
}

function consume(machine: Machine, thread: Thread, instr: Instr & { op: 'char' }): boolean {
  const { text } = machine;
  const at = instr.back ? thread.pos - 1 : thread.pos;
  if (at < 0 || at >= text.length || !instr.test(text.charCodeAt(at))) return false;
  thread.pos += instr.back ? -1 : 1;
  return true;
}

function backreference(machine: Machine, thread: Thread, instr: Instr & { op: 'backref' }): boolean {
  const start = machine.registers[2 * instr.group]!;
  const end = machine.registers[2 * instr.group + 1]!;
  if (start < 0 || end < 0) return true;
  const length = end - start;
  const from = instr.back ? thread.pos - length : thread.pos;
  if (from < 0 || from + length > machine.text.length) return false;
  const { text } = machine;
  for (let index = 0; index < length; index++) {
    const a = text.charCodeAt(start + index);
    const b = text.charCodeAt(from + index);
    if (a !== b && !(instr.ignoreCase && canonicalize(a) === canonicalize(b))) return false;
  }
  thread.pos = instr.back ? from : from + length;
  return true;
}

function assertion(machine: Machine, pos: number, kind: (Instr & { op: 'assert' })['kind']): boolean {
  const { text } = machine;
  if (kind === 'start') return pos === 0;
  if (kind === 'end') return pos === text.length;
  const before = pos > 0 && isWordChar(text.charCodeAt(pos - 1));
  const after = pos < text.length && isWordChar(text.charCodeAt(pos));
  return (before !== after) === (kind === 'word');
}

/** A lookaround: its sub-program run on its own stack; captures it set are undone when the outer run backtracks. */
function lookaround(machine: Machine, thread: Thread, instr: Instr & { op: 'look' }): boolean {
  const slots = 2 * machine.program.groups;
  const before = machine.registers.slice(0, slots);
  const matched = run(machine, instr.start, thread.pos) >= 0;
  if (matched === instr.negate) {
    for (let slot = 0; slot < slots; slot++) machine.registers[slot] = before[slot]!;
    return false;
  }
  for (let slot = 0; slot < slots; slot++) {
    if (machine.registers[slot] !== before[slot]) thread.stack.push(RESTORE, slot, before[slot]!);
  }
  return true;
}

/** The registers of loop `loop`: its count, and where its iteration started. */
function loopRegisters(machine: Machine, loop: number): [count: number, start: number] {
  const base = 2 * machine.program.groups + 2 * loop;
  return [base, base + 1];
}

/** Runs a loop instruction; answers the next pc, or -1 to backtrack. */
function loopStep(machine: Machine, thread: Thread, instr: Instr): number {
  const { registers } = machine;
  const next = thread.pc + 1;
  if (instr.op === 'loopInit') {
    set(machine, thread, loopRegisters(machine, instr.loop)[0], 0);
    return next;
  }
  if (instr.op === 'loopEnter') {
    set(machine, thread, loopRegisters(machine, instr.loop)[1], thread.pos);
    for (let slot = instr.from; slot < instr.to; slot++) if (registers[slot] !== -1) set(machine, thread, slot, -1);
    return next;
  }
  if (instr.op === 'loopEnd') {
    const [count, start] = loopRegisters(machine, instr.loop);
    // ECMA-262 §22.2.2.3.1 RepeatMatcher, step 2.b: an iteration past the minimum that consumed nothing fails.
    if (registers[count]! >= instr.min && registers[start] === thread.pos) return -1;
    set(machine, thread, count, registers[count]! + 1);
    return instr.test;
  }
  const { loop, min, max, greedy, exit } = instr as Instr & { op: 'loopTest' };
  const done = registers[loopRegisters(machine, loop)[0]]!;
  if (done < min) return next;
  if (done >= max) return exit;
  thread.stack.push(CHOICE, greedy ? exit : next, thread.pos);
  return greedy ? next : exit;
}

/** Runs one instruction; answers the next pc, -1 to backtrack, or -2 when the program matched. */
function step(machine: Machine, thread: Thread, instr: Instr): number {
  const next = thread.pc + 1;
  switch (instr.op) {
    case 'char':
      return consume(machine, thread, instr) ? next : -1;
    case 'split':
      thread.stack.push(CHOICE, instr.second, thread.pos);
      return instr.first;
    case 'jump':
      return instr.to;
    case 'save':
      set(machine, thread, instr.slot, thread.pos);
      return next;
    case 'assert':
      return assertion(machine, thread.pos, instr.kind) ? next : -1;
    case 'backref':
      return backreference(machine, thread, instr) ? next : -1;
    case 'look':
      return lookaround(machine, thread, instr) ? next : -1;
    case 'match':
      return -2;
    default:
      return loopStep(machine, thread, instr);
  }
}

/** Takes the latest choice off the stack, restoring registers on the way; false when none is left. */
function backtrack(machine: Machine, thread: Thread): boolean {
  const { stack } = thread;
  while (stack.length > 0) {
    const value = stack.pop()!;
    const at = stack.pop()!;
    if (stack.pop() === RESTORE) {
      machine.registers[at] = value;
      continue;
    }
    thread.pc = at;
    thread.pos = value;
    return true;
  }
  return false;
}

/** Runs the program from `pc` at `pos`: the position where it matched, or -1. Throws {@link STEPS_SPENT}. */
export function run(machine: Machine, pc: number, pos: number): number {
  const thread: Thread = { pc, pos, stack: [] };
  for (;;) {
    machine.steps++;
    if (machine.steps > machine.limit) throw STEPS_SPENT;
    const next = step(machine, thread, machine.program.code[thread.pc]!);
    if (next === -2) return thread.pos;
    if (next >= 0) thread.pc = next;
    else if (!backtrack(machine, thread)) return -1;
  }
}
