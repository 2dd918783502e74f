/**
 * The judging's entry (src/check/judging.ts) stays bundleable where Node is not, for the page's many-URLs mode: what
 * it loads at run time, following every runtime import, reaches no `node:` module, no package and no dynamic import.
 * Type-only imports are erased and not followed. The core is reached through its entry, which also exports the tracer
 * (Node, undici): from it, only the modules defining the names the judging takes are followed, as a bundle of a
 * portable core entry would load them.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');
const CORE_ENTRY = resolve(SRC, 'core', 'index.ts');

/** One runtime import or re-export: its specifier, and the names taken (`*` for all; type-only names left out). */
interface RuntimeImport {
  specifier: string;
  names: string[] | '*';
}

/** The names a clause such as `{ a, type B, c as d }` or `* as x` takes at run time (`*` for a namespace or star). */
function namesOf(clause: string): string[] | '*' {
  if (clause.trim().startsWith('*')) return '*';
  const inner = /\{([\s\S]*)\}/.exec(clause)?.[1] ?? '';
  return inner
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]!);
}

function runtimeImports(text: string): RuntimeImport[] {
  const statements = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  const bare = /(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
  return [
    ...[...text.matchAll(statements)].map((match) => ({ specifier: match[2]!, names: namesOf(match[1]!) })),
    ...[...text.matchAll(bare)].map((match) => ({ specifier: match[1]!, names: '*' as const })),
  ].filter((each) => each.names === '*' || each.names.length > 0);
}

const sourceOf = (from: string, specifier: string) => resolve(dirname(from), specifier).replace(/\.js$/, '.ts');

/** The core modules defining `names`, read from the core entry's re-exports. */
function coreModulesFor(names: string[] | '*'): string[] {
  if (names === '*') return [CORE_ENTRY];
  const exports = runtimeImports(readFileSync(CORE_ENTRY, 'utf8'));
  return names.map((name) => {
    const from = exports.find((each) => each.names !== '*' && each.names.includes(name));
    if (from === undefined) throw new Error(`the core's entry exports no ${name}`);
    return sourceOf(CORE_ENTRY, from.specifier);
  });
}

/** What loading `entry` reaches that a browser bundle cannot hold, as `file: specifier` lines. */
function unportable(entry: string): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    if (/\bimport\(/.test(text)) problems.push(`${relative(SRC, file)}: import()`);
    for (const { specifier, names } of runtimeImports(text)) {
      if (!specifier.startsWith('.')) problems.push(`${relative(SRC, file)}: ${specifier}`);
      else if (sourceOf(file, specifier) === CORE_ENTRY) for (const module of coreModulesFor(names)) visit(module);
      else visit(sourceOf(file, specifier));
    }
  };
  visit(entry);
  return problems;
}

describe("the judging's entry", () => {
  it('loads nothing of Node, no package and no dynamic import, all the way down', () => {
    expect(unportable(resolve(SRC, 'check', 'judging.ts'))).toEqual([]);
  });

  it('is what src/check/index.ts re-exports whole, beside the parts that need Node (the check can fail)', () => {
    const index = readFileSync(resolve(SRC, 'check', 'index.ts'), 'utf8');
    expect(index).toMatch(/export \* from '\.\/judging\.js';/);
    expect(unportable(resolve(SRC, 'check', 'index.ts'))).toContain('check/row-attempt.ts: node:perf_hooks');
  });

  it('reads runtime names and leaves type-only ones out', () => {
    const text = [
      "import { a, type B, c as d } from './a.js';",
      "import type { E } from './e.js';",
      "export * from './f.js';",
      "export { type G } from './g.js';",
      "import 'node:fs';",
    ].join('\n');
    expect(runtimeImports(text)).toEqual([
      { specifier: './a.js', names: ['a', 'c'] },
      { specifier: './f.js', names: '*' },
      { specifier: 'node:fs', names: '*' },
    ]);
  });
});
