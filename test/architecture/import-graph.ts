/**
 * How the architecture tests read src/: its source files, and the relative modules each one imports (static,
 * type-only, re-exports and dynamic). The room table (layers.test.ts) and the circle check (import-circles.test.ts)
 * read imports the same way, so that neither sees an import the other misses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers of a source text's static, type-only, re-export and dynamic imports. */
export function specifiersIn(text: string): string[] {
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
}

/** Every relative module a file imports (static, type-only, re-exports and dynamic), resolved to a source path. */
export function importsOf(file: string): string[] {
  return specifiersIn(readFileSync(file, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier).replace(/\.js$/, '.ts'));
}
