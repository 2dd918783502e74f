/**
 * The package's entries are for library users only: the faces (CLI, service, page, monitors) and everything else in
 * src/ import the internal entries (src/core/index.ts, src/render/index.ts...), which export more and may change, so
 * the public list can shrink or be renamed without touching them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const SRC = join(ROOT, 'src');

/** src/index.ts (`hoplens`) and src/policy.ts (`hoplens/policy`). */
const PACKAGE_ENTRIES = new Set([join(SRC, 'index.ts'), join(SRC, 'policy.ts')]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative modules a source imports (static, re-export or dynamic), as source paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g)].map((match) =>
    resolve(dirname(file), match[1]!).replace(/\.js$/, '.ts'),
  );
}

describe('the package entries', () => {
  it('are imported by no module in src/', () => {
    const importers = sourceFiles(SRC)
      .filter((file) => !PACKAGE_ENTRIES.has(file))
      .filter((file) => relativeImports(file).some((target) => PACKAGE_ENTRIES.has(target)))
      .map((file) => relative(ROOT, file));
    expect(importers).toEqual([]);
  });

  it('would be caught if one were (the scan reads imports)', () => {
    expect(relativeImports(join(SRC, 'index.ts'))).toContain(join(SRC, 'core', 'index.ts'));
    expect(relativeImports(join(SRC, 'policy.ts'))).toContain(join(SRC, 'core', 'policy', 'policy-parse.ts'));
  });
});
