/**
 * No import circles (issue 43): no two files of src/ import each other, directly or through others. A circle ties
 * its files into one piece that cannot be loaded, tested or moved apart; the shared part belongs in its own file.
 * The graph is the one layers.test.ts reads: static, type-only, re-exports and dynamic imports, between files.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SRC, sourceFiles } from './import-graph.js';

/** A file-level import graph: each file and the files it imports. */
type Graph = ReadonlyMap<string, readonly string[]>;

/**
 * Circles left in rooms that other branches of issue 43 are refactoring now, each by its files. A circle is allowed
 * when all its files are in one entry, so that the branch removing it needs no change here; delete the entry then.
 */
const ALLOWED: readonly (readonly string[])[] = [];

/** Tarjan's strongly connected components; each of more than one file, or a file that imports itself, is a circle. */
function circlesIn(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop()!; ; top = stack.pop()!) {
      onStack.delete(top);
      component.push(top);
      if (top === file) break;
    }
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function srcGraph(): Graph {
  const files = sourceFiles(SRC);
  return new Map(files.map((file) => [relative(SRC, file), importsOf(file).map((target) => relative(SRC, target))]));
}

describe('import circles', () => {
  it('no files of src/ import each other in a circle, but those allowed for now', () => {
    const allowed = (circle: readonly string[]) =>
      ALLOWED.some((entry) => circle.every((file) => entry.includes(file)));
    const circles = circlesIn(srcGraph()).filter((circle) => !allowed(circle));
    expect(circles.map((circle) => circle.join(' ⇄ '))).toEqual([]);
  });

  it('finds the circles of a small graph, and nothing in a graph without one (the check itself can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', []],
      ['f.ts', ['f.ts']],
    ]);
    expect(circlesIn(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['f.ts']]);
    expect(
      circlesIn(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
