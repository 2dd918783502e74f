import type {
  Alternative,
  Assertion,
  CapturingGroup,
  Element,
  Node,
  Pattern,
  Quantifier,
} from '@eslint-community/regexpp/ast';
import { type CharTest, canonicalize, caseless, classTest, setTest } from './step-regex-chars.js';

/**
 * A rule pattern compiled to the instructions of the step-counting matcher (step-regex-machine.ts): a backtracking
 * program as in Russ Cox's "Regular Expression Matching: the Virtual Machine Approach", with JavaScript's semantics
 * for what a plain VM lacks (ECMA-262 §22.2.2): quantifiers as counted loops (RepeatMatcher: captures cleared at
 * each iteration, an iteration past the minimum that matches empty fails), lookbehind matched right to left,
 * backreferences, atomic lookarounds.
 */

export type Instr =
  /** Consumes one code unit that passes `test`, forwards (or backwards in a lookbehind). */
  | { op: 'char'; test: CharTest; back: boolean }
  /** Tries `first`; on failure comes back to try `second` at the same position. */
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  /** Records the position in a capture slot (2n: group n's start, 2n + 1: its end). */
  | { op: 'save'; slot: number }
  | { op: 'assert'; kind: 'start' | 'end' | 'word' | 'notWord' }
  /** Matches what group `group` captured (nothing when it captured nothing). */
  | { op: 'backref'; group: number; back: boolean; ignoreCase: boolean }
  /** Runs the sub-program at `start` (ending in `match`) from here; on success goes on at the next instruction. */
  | { op: 'look'; start: number; negate: boolean }
  /** Starts loop `loop`: its count to 0. */
  | { op: 'loopInit'; loop: number }
  /** Decides whether loop `loop` runs its body again (at the next instruction) or leaves (to `exit`). */
  | { op: 'loopTest'; loop: number; min: number; max: number; greedy: boolean; exit: number }
  /** Begins an iteration: its start position kept, the captures in the body (slots `from` to `to`) cleared. */
  | { op: 'loopEnter'; loop: number; from: number; to: number }
  /** Ends an iteration: fails an empty one past the minimum, counts it, and goes back to the test at `test`. */
  | { op: 'loopEnd'; loop: number; min: number; test: number }
  | { op: 'match' };

/** A compiled pattern: its instructions (starting at 0), how many capture groups and loops, the named groups. */
export interface StepProgram {
  code: Instr[];
  /** Capture groups, the whole match (group 0) included. */
  groups: number;
  loops: number;
  /** Each named group's number. */
  names: Map<string, number>;
}

class Compiler {
  readonly code: Instr[] = [];
  loops = 0;
  constructor(
    private readonly numbers: Map<CapturingGroup, number>,
    private readonly ignoreCase: boolean,
  ) {}

  emit(instr: Instr): number {
    this.code.push(instr);
    return this.code.length - 1;
  }

  alternatives(alternatives: readonly Alternative[], back: boolean): void {
    const jumps: number[] = [];
    alternatives.forEach((alternative, index) => {
      const last = index === alternatives.length - 1;
      const split = last ? -1 : this.emit({ op: 'split', first: this.code.length + 1, second: -1 });
      const elements = back ? [...alternative.elements].reverse() : alternative.elements;
      for (const element of elements) this.element(element, back);
      if (last) return;
      jumps.push(this.emit({ op: 'jump', to: -1 }));
      (this.code[split] as { second: number }).second = this.code.length;
    });
    for (const jump of jumps) (this.code[jump] as { to: number }).to = this.code.length;
  }

  element(node: Element, back: boolean): void {
    switch (node.type) {
      case 'Character': {
        const unit = node.value;
        const canon = this.ignoreCase ? canonicalize(unit) : unit;
        const test: CharTest = this.ignoreCase ? (c) => canonicalize(c) === canon : (c) => c === unit;
        this.emit({ op: 'char', test, back });
        return;
      }
      case 'CharacterSet':
        this.emit({ op: 'char', test: caseless(setTest(node), this.ignoreCase), back });
        return;
      case 'CharacterClass':
        this.emit({ op: 'char', test: classTest(node, this.ignoreCase), back });
        return;
      case 'Group':
        this.alternatives(node.alternatives, back);
        return;
      case 'CapturingGroup':
        this.capture(node, back);
        return;
      case 'Quantifier':
        this.quantifier(node, back);
        return;
      case 'Assertion':
        this.assertion(node);
        return;
      case 'Backreference': {
        const target = node.resolved as CapturingGroup | CapturingGroup[];
        const group = this.numbers.get(Array.isArray(target) ? target[0]! : target)!;
        this.emit({ op: 'backref', group, back, ignoreCase: this.ignoreCase });
        return;
      }
      default:
        throw new SyntaxError(`unsupported ${node.type} ${node.raw}`);
    }
  }

  capture(node: CapturingGroup, back: boolean): void {
    const group = this.numbers.get(node)!;
    // Matched right to left, a group ends where it starts being matched (§22.2.2.8, CaptureRange(ye, xe)).
    this.emit({ op: 'save', slot: back ? 2 * group + 1 : 2 * group });
    this.alternatives(node.alternatives, back);
    this.emit({ op: 'save', slot: back ? 2 * group : 2 * group + 1 });
  }

  quantifier(node: Quantifier, back: boolean): void {
    if (node.max === 0) return;
    const loop = this.loops++;
    const inside = [...this.numbers.entries()].filter(([group]) => contains(node, group)).map(([, number]) => number);
    const from = inside.length === 0 ? 0 : 2 * Math.min(...inside);
    const to = inside.length === 0 ? 0 : 2 * Math.max(...inside) + 2;
    const { min, max, greedy } = node;
    this.emit({ op: 'loopInit', loop });
    const test = this.emit({ op: 'loopTest', loop, min, max, greedy, exit: -1 });
    this.emit({ op: 'loopEnter', loop, from, to });
    this.element(node.element, back);
    this.emit({ op: 'loopEnd', loop, min, test });
    (this.code[test] as { exit: number }).exit = this.code.length;
  }

  assertion(node: Assertion): void {
    if (node.kind === 'lookahead' || node.kind === 'lookbehind') {
      // The sub-program follows the jump over it; a lookbehind is matched right to left whatever encloses it.
      this.emit({ op: 'look', start: this.code.length + 2, negate: node.negate });
      const jump = this.emit({ op: 'jump', to: -1 });
      this.alternatives(node.alternatives, node.kind === 'lookbehind');
      this.emit({ op: 'match' });
      (this.code[jump] as { to: number }).to = this.code.length;
    } else if (node.kind === 'word') {
      this.emit({ op: 'assert', kind: node.negate ? 'notWord' : 'word' });
    } else {
      this.emit({ op: 'assert', kind: node.kind });
    }
  }
}

function contains(outer: Node, inner: Node): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

/** The capture groups in the order of their opening parentheses, numbered from 1. */
function groupNumbers(pattern: Pattern): CapturingGroup[] {
  const groups: CapturingGroup[] = [];
  const walk = (node: Node): void => {
    if (node.type === 'CapturingGroup') groups.push(node);
    if ('alternatives' in node) for (const alternative of node.alternatives) walk(alternative);
    if (node.type === 'Alternative') for (const element of node.elements) walk(element);
    if (node.type === 'Quantifier') walk(node.element);
  };
  walk(pattern);
  return groups.sort((a, b) => a.start - b.start);
}

/** Compiles a parsed pattern (whole match in group 0). */
export function compileProgram(pattern: Pattern, ignoreCase: boolean): StepProgram {
  const ordered = groupNumbers(pattern);
  const numbers = new Map(ordered.map((group, index) => [group, index + 1]));
  const compiler = new Compiler(numbers, ignoreCase);
  compiler.emit({ op: 'save', slot: 0 });
  compiler.alternatives(pattern.alternatives, false);
  compiler.emit({ op: 'save', slot: 1 });
  compiler.emit({ op: 'match' });
  const names = new Map<string, number>();
  for (const group of ordered) if (group.name !== null) names.set(group.name, numbers.get(group)!);
  return { code: compiler.code, groups: ordered.length + 1, loops: compiler.loops, names };
}
