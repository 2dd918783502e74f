/**
 * The library as a user's project gets it from the installed tarball: `import('hoplens')` and `import('hoplens/policy')`
 * export the names docs/library.md documents and no others, their declaration files declare the documented types,
 * and a strict TypeScript program importing them compiles against package.json "exports" and "types".
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { documentedExports, valueNames } from '../api/documented-exports.js';
import { moduleExports } from '../api/module-exports.js';
import { ROOT } from '../helpers/cli.js';
import { COMMAND_TIMEOUT_MS, cleanEnv, type Installed } from './installed-package.js';

const run = promisify(execFile);

/** Prints each entry's run-time export names, as JSON, imported by specifier from the install directory. */
const PRINT_EXPORT_NAMES = `
  const names = {};
  for (const entry of JSON.parse(process.argv[1])) names[entry] = Object.keys(await import(entry)).sort();
  console.log(JSON.stringify(names));
`;

/** A user's strict program: the documented examples' imports, with the types they name. */
const USER_PROGRAM = `
import { type AnalysisResult, Analyzer, analyze, compilePolicy, type FindingsPolicy, HoplensError } from 'hoplens';
import { policyFromJson } from 'hoplens/policy';

export const result: Promise<AnalysisResult> = analyze('https://example.com', { maxHops: 5 });
export const lazy: Promise<FindingsPolicy> = compilePolicy({ severity: { temporary_redirect: 'off' } });
export const eager: FindingsPolicy = policyFromJson('{}');
export const analyzer = new Analyzer();
export const failed = (error: unknown): string | undefined => (error instanceof HoplensError ? error.code : undefined);
`;

/** The installed package's declaration file of an entry, by package.json "exports". */
function installedTypes(installed: Installed, entry: string): string {
  const packageDir = join(installed.app, 'node_modules', 'hoplens');
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, { types: string }>;
  };
  return join(packageDir, manifest.exports[`.${entry.slice('hoplens'.length)}`]!.types);
}

export function describeInstalledLibrary(installed: () => Installed): void {
  const documented = documentedExports();
  const entries = [...documented.keys()];

  describe('the installed library', () => {
    it('exports, at run time, exactly the values docs/library.md lists for each entry', async () => {
      const { stdout } = await run(
        process.execPath,
        ['--input-type=module', '-e', PRINT_EXPORT_NAMES, JSON.stringify(entries)],
        { cwd: installed().app, env: cleanEnv(), timeout: COMMAND_TIMEOUT_MS },
      );
      const expected = Object.fromEntries(entries.map((entry) => [entry, valueNames(documented.get(entry)!).sort()]));
      expect(JSON.parse(stdout)).toEqual(expected);
    });

    it('declares exactly the documented values and types in its .d.ts files', () => {
      const declared = moduleExports(entries.map((entry) => installedTypes(installed(), entry)));
      expect(declared).toEqual(entries.map((entry) => documented.get(entry)));
    }, 60_000);

    it('type-checks a strict program that imports it by name', async () => {
      await writeFile(join(installed().app, 'uses-hoplens.ts'), USER_PROGRAM);
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      const options = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
      const environment = ['--target', 'es2023', '--skipLibCheck', '--types', 'node'];
      // @types/node comes from the clone: the user's project would have its own.
      const typeRoots = ['--typeRoots', join(ROOT, 'node_modules', '@types')];
      const compiled = run(process.execPath, [tsc, ...options, ...environment, ...typeRoots, 'uses-hoplens.ts'], {
        cwd: installed().app,
        env: cleanEnv(),
        timeout: 2 * COMMAND_TIMEOUT_MS,
      });
      await expect(compiled).resolves.toBeDefined();
    }, 90_000);
  });
}
