/**
 * The step-counting matcher (src/inputs/patterns/step-regex.ts) against JavaScript's own RegExp, the reference for
 * the syntax it reads: on generated patterns (groups, named groups, alternation, classes, greedy and lazy quantifiers,
 * lookahead, lookbehind, backreferences, anchors, word boundaries; with and without the `i` flag) and generated texts,
 * both give the same `exec` answer (the captures, the index, the named groups) wherever the matcher finishes within
 * its limit. Semantics: ECMA-262 §22.2 (https://tc39.es/ecma262/#sec-regexp-regular-expression-objects). Seeded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileStepRegex } from '../../src/inputs/patterns/step-regex.js';

/** A pattern's tree; rendered to source with its groups numbered in order. */
type Tree =
  | { kind: 'atom'; text: string }
  | { kind: 'seq'; items: Tree[] }
  | { kind: 'alt'; items: Tree[] }
  | { kind: 'group'; how: '(' | '(?:' | '(?<' | '(?=' | '(?!' | '(?<=' | '(?<!'; body: Tree }
  | { kind: 'quant'; body: Tree; how: string; lazy: boolean }
  | { kind: 'backref'; to: number; named: boolean };

/** Characters where case, word characters and Canonicalize's exceptions (ſ, K: the Kelvin sign) differ. */
const UNITS = ['a', 'a', 'b', 'b', 'A', 'B', '/', '1', '_', ' ', '-', 'é', 'É', 'ſ', 's', 'S', '\u212a', 'k'];
const ATOMS = [
  ...UNITS.filter((unit) => unit !== '/').map((unit) => (unit === '-' ? '\\-' : unit)),
  '\\/',
  '.',
  '[ab]',
  '[^a/]',
  '[a-c]',
  '[A-Z_]',
  '[\\w-]',
  '[^\\W_]',
  '\\w',
  '\\W',
  '\\d',
  '\\s',
  '\\S',
  '\\b',
  '\\B',
  '^',
  '$',
];
const QUANTIFIERS = ['*', '+', '?', '{2}', '{1,}', '{0,2}', '{1,3}'];

/** Capturing groups weigh most: the captures are where a backtracking matcher most easily goes wrong. */
const GROUPS = fc.constantFrom('(', '(', '(', '(?<', '(?:', '(?=', '(?!', '(?<=', '(?<!' as const);

const tree = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true },
    { weight: 4, arbitrary: fc.constantFrom(...ATOMS).map((text): Tree => ({ kind: 'atom', text })) },
    {
      weight: 2,
      arbitrary: fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((items): Tree => ({ kind: 'seq', items })),
    },
    {
      weight: 1,
      arbitrary: fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((items): Tree => ({ kind: 'alt', items })),
    },
    {
      weight: 3,
      arbitrary: fc.record({ how: GROUPS, body: tie('node') }).map((group): Tree => ({ kind: 'group', ...group })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ body: tie('node'), how: fc.constantFrom(...QUANTIFIERS), lazy: fc.boolean() })
        .map((quant): Tree => ({ kind: 'quant', ...quant })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ to: fc.integer({ min: 1, max: 4 }), named: fc.boolean() })
        .map((ref): Tree => ({ kind: 'backref', ...ref })),
    },
  ),
}));

function countGroups(node: Tree): number {
  if (node.kind === 'seq' || node.kind === 'alt') return node.items.reduce((sum, item) => sum + countGroups(item), 0);
  if (node.kind === 'group') return (node.how === '(' || node.how === '(?<' ? 1 : 0) + countGroups(node.body);
  if (node.kind === 'quant') return countGroups(node.body);
  return 0;
}

/** The source of a tree; quantifiers apply to a group around their body, so that `^*` never reaches the parser. */
function render(root: Tree): string {
  const total = countGroups(root);
  let next = 0;
  const walk = (node: Tree): string => {
    switch (node.kind) {
      case 'atom':
        return node.text;
      case 'seq':
        return node.items.map(walk).join('');
      case 'alt':
        return node.items.map(walk).join('|');
      case 'group': {
        if (node.how === '(?<') return `(?<g${++next}>${walk(node.body)})`;
        if (node.how === '(') next++;
        return `${node.how}${walk(node.body)})`;
      }
      case 'quant':
        return `(?:${walk(node.body)})${node.how}${node.lazy ? '?' : ''}`;
      case 'backref': {
        if (total === 0) return '(?:)';
        const to = ((node.to - 1) % total) + 1;
        return node.named ? `\\${to}` : `\\${to}`;
      }
    }
  };
  return walk(root);
}

/** What exec answered, comparable: the captures, the index, the named groups. */
function answer(found: RegExpExecArray | null) {
  return found === null ? null : { captures: [...found], index: found.index, groups: found.groups };
}

describe('the step-counting matcher', () => {
  it('answers as RegExp does on generated patterns and texts (seeded)', () => {
    const cases = fc.record({
      pattern: tree.node.map(render),
      flags: fc.constantFrom('', 'i'),
      texts: fc.array(
        fc.array(fc.constantFrom(...UNITS), { maxLength: 10 }).map((units) => units.join('')),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
    });
    let compared = 0;
    fc.assert(
      fc.property(cases, ({ pattern, flags, texts }) => {
        let reference: RegExp;
        try {
          reference = new RegExp(pattern, flags);
        } catch {
          return;
        }
        const stepped = compileStepRegex(pattern, flags);
        for (const text of texts) {
          const ours = stepped.exec(text, 1_000_000);
          if (ours === 'spent') continue;
          compared++;
          expect(answer(ours.found), `/${pattern}/${flags} on ${JSON.stringify(text)}`).toEqual(
            answer(reference.exec(text)),
          );
        }
      }),
      { seed: 20261206, numRuns: 3000 },
    );
    // The generator reaches real comparisons, not only patterns RegExp refuses.
    expect(compared).toBeGreaterThan(3000);
  });

  it('counts the same steps for the same pattern and text, and stops at its limit', () => {
    const bomb = compileStepRegex('^/(a+)+\\1bN$', '');
    const text = `/${'a'.repeat(30)}bX`;
    expect(bomb.exec(text, 100_000)).toBe('spent');
    const catchAll = compileStepRegex('^(?:/((?!api/|_next/).*))$', '');
    const first = catchAll.exec('/blog/post', 100_000);
    const second = catchAll.exec('/blog/post', 100_000);
    expect(first).toEqual(second);
    expect(first !== 'spent' && first.found?.[1]).toBe('blog/post');
    expect(catchAll.exec('/api/users', 100_000)).toMatchObject({ found: null });
  });
});
