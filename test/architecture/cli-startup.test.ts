/**
 * `hoplens URL` starts fast: what the executable loads before any command runs never reaches the service's web
 * framework. `hoplens serve` imports the service inside its action (src/cli/commands/serve.ts), so only that command
 * pays for Fastify. Checked on the built JavaScript, where type-only imports are gone, by following every static
 * import from dist/cli/main.js.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBuilt, ROOT } from '../helpers/cli.js';

const MAIN = join(ROOT, 'dist', 'cli', 'main.js');

/** The specifiers of a module's static imports (`import 'x'`, `import ... from`, `export ... from`; not `import()`). */
function staticSpecifiers(text: string): string[] {
  const statement = /(?:^|\n)\s*(?:import\s*['"]([^'"]+)['"]|(?:import|export)\b[^'"();]*?from\s*['"]([^'"]+)['"])/g;
  return [...text.matchAll(statement)].map((match) => (match[1] ?? match[2])!);
}

/** Every package (bare specifier) loaded at start-up from `entry`, following relative imports. */
function packagesLoadedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (!existsSync(target)) throw new Error(`${file} imports ${specifier}, which is not built`);
        visit(target);
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(entry);
  return packages;
}

describe('CLI start-up', () => {
  it('loads neither Fastify nor any @fastify plugin before a command runs', () => {
    assertBuilt();
    const loaded = [...packagesLoadedFrom(MAIN)];
    // The walk does see the CLI's own dependencies, so an empty result cannot pass by accident.
    expect(loaded).toContain('commander');
    expect(loaded.filter((name) => name === 'fastify' || name.startsWith('@fastify/'))).toEqual([]);
  });

  it('reads static imports and leaves dynamic ones out', () => {
    const text = [
      "import { a } from './a.js';",
      "export { b } from './b.js';",
      "import './side-effect.js';",
      'import {\n  c,\n} from "fastify";',
      "const d = await import('./d.js');",
    ].join('\n');
    expect(staticSpecifiers(text)).toEqual(['./a.js', './b.js', './side-effect.js', 'fastify']);
  });
});
