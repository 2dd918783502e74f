/**
 * The package's API is the list docs/library.md documents ("Exports"), no more and no less: for each entry in
 * package.json "exports", the names its source exports (values and types, read by the compiler), and the names the
 * built module has at run time, equal the documented ones.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { documentedExports, valueNames } from './documented-exports.js';
import { type ModuleExport, moduleExports } from './module-exports.js';

interface EntryTarget {
  types: string;
  import: string;
}

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  types: string;
  exports: Record<string, string | EntryTarget>;
};

/** The package.json "exports" key of an entry: `hoplens` → `.`, `hoplens/policy` → `./policy`. */
function subpath(entry: string): string {
  return `.${entry.slice(PACKAGE.name.length)}`;
}

/** The source a built file is compiled from: `./dist/policy.js` → `<root>/src/policy.ts`. */
function sourceOf(built: string): string {
  return join(ROOT, built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
}

const documented = documentedExports();
const entries = [...documented.keys()];

/** Each entry's target in package.json, which must be a module with its types beside it. */
function targetOf(entry: string): EntryTarget {
  const target = PACKAGE.exports[subpath(entry)];
  if (typeof target !== 'object') throw new Error(`package.json "exports" has no module for ${subpath(entry)}`);
  return target;
}

describe('the documented entries', () => {
  it('are hoplens and hoplens/policy, the modules package.json exports', () => {
    expect(entries).toEqual(['hoplens', 'hoplens/policy']);
    const modules = Object.entries(PACKAGE.exports).filter(([, target]) => typeof target === 'object');
    expect(modules.map(([key]) => key)).toEqual(entries.map(subpath));
  });

  it('point "types" beside "import", at built files of a source in src/', () => {
    for (const entry of entries) {
      const target = targetOf(entry);
      expect(target.types).toBe(target.import.replace(/\.js$/, '.d.ts'));
      expect(existsSync(sourceOf(target.import)), target.import).toBe(true);
    }
    expect(PACKAGE.types).toBe(targetOf('hoplens').types);
  });

  it('list each name once', () => {
    for (const [entry, exports] of documented) {
      const names = exports.map((row) => row.name);
      expect(new Set(names).size, entry).toBe(names.length);
    }
    expect(documented.get('hoplens')!.length).toBeGreaterThan(50);
  });
});

describe('what each entry exports', () => {
  let compiled: Map<string, ModuleExport[]>;

  beforeAll(() => {
    const sources = entries.map((entry) => sourceOf(targetOf(entry).import));
    const exports = moduleExports(sources);
    compiled = new Map(entries.map((entry, index) => [entry, exports[index]!]));
  }, 60_000);

  it.each(entries)('%s: the source exports the documented values and types', (entry) => {
    expect(compiled.get(entry)).toEqual(documented.get(entry));
  });

  it.each(entries)('%s: the built module has the documented values at run time', async (entry) => {
    const built = join(ROOT, targetOf(entry).import);
    const module = (await import(pathToFileURL(built).href)) as Record<string, unknown>;
    expect(Object.keys(module).sort()).toEqual(valueNames(documented.get(entry)!).sort());
  });
});
