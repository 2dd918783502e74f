import type { CharacterClass, CharacterClassElement, CharacterSet } from '@eslint-community/regexpp/ast';

/**
 * The character tests of the step-counting matcher (step-regex.ts), with JavaScript's meaning in its non-Unicode mode,
 * the mode hoplens compiles rule patterns in: a character is one UTF-16 code unit. ECMA-262 §22.2.2.9 (CharacterSetMatcher)
 * and §22.2.2.7.3 (Canonicalize): https://tc39.es/ecma262/#sec-runtime-semantics-canonicalize-ch
 */

/** Whether a code unit belongs to a set. */
export type CharTest = (unit: number) => boolean;

const isDigit: CharTest = (c) => c >= 0x30 && c <= 0x39;
export const isWordChar: CharTest = (c) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || isDigit(c) || c === 0x5f;
/** WhiteSpace and LineTerminator (§12.2, §12.3): what `\s` matches. */
const SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
]);
const isSpace: CharTest = (c) => SPACES.has(c) || (c >= 0x2000 && c <= 0x200a);
/** What `.` does not match without the `s` flag: the line terminators. */
const isLineTerminator: CharTest = (c) => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;

/** Canonicalize(ch) for a caseless non-Unicode pattern, memoized: the upper case when it is one code unit and does not bring a non-ASCII character into ASCII. */
let canonical: Int32Array | undefined;
export function canonicalize(c: number): number {
  canonical ??= new Int32Array(0x10000).fill(-1);
  const known = canonical[c]!;
  if (known !== -1) return known;
  const upper = String.fromCharCode(c).toUpperCase();
  const code = upper.length === 1 ? upper.charCodeAt(0) : c;
  const result = c >= 128 && code < 128 ? c : code;
  canonical[c] = result;
  return result;
}

/** The code units sharing `c`'s canonical form that a set may hold in its stead (itself, its upper and lower cases). */
function caseVariants(c: number): number[] {
  const canon = canonicalize(c);
  const lower = String.fromCharCode(c).toLowerCase();
  const lowerOfCanon = String.fromCharCode(canon).toLowerCase();
  const variants = [c, canon];
  for (const text of [lower, lowerOfCanon]) {
    if (text.length === 1) variants.push(text.charCodeAt(0));
  }
  return variants.filter((variant) => canonicalize(variant) === canon);
}

/** The set's test made caseless: a unit matches when some unit of the set has its canonical form. */
export function caseless(test: CharTest, ignoreCase: boolean): CharTest {
  if (!ignoreCase) return test;
  return (c) => caseVariants(c).some(test);
}

/** A character escape's set (`\d`, `\W`...) or `.`, before case folding. */
export function setTest(node: CharacterSet): CharTest {
  let test: CharTest;
  if (node.kind === 'any') return (c) => !isLineTerminator(c);
  if (node.kind === 'digit') test = isDigit;
  else if (node.kind === 'space') test = isSpace;
  else if (node.kind === 'word') test = isWordChar;
  // Property escapes need the `u` flag, which rule patterns are never compiled with.
  else throw new SyntaxError(`unsupported character set ${node.raw}`);
  return node.negate ? (c) => !test(c) : test;
}

function elementTest(element: CharacterClassElement): CharTest {
  if (element.type === 'Character') return (c) => c === element.value;
  if (element.type === 'CharacterClassRange') {
    const { min, max } = element;
    return (c) => c >= min.value && c <= max.value;
  }
  if (element.type === 'CharacterSet') return setTest(element);
  throw new SyntaxError(`unsupported class element ${element.raw}`);
}

/** A bracketed class's test, case folding applied before its negation (§22.2.2.9's `invert`). */
export function classTest(node: CharacterClass, ignoreCase: boolean): CharTest {
  const tests = node.elements.map(elementTest);
  const raw: CharTest = (c) => tests.some((test) => test(c));
  const folded = caseless(raw, ignoreCase);
  return node.negate ? (c) => !folded(c) : folded;
}
